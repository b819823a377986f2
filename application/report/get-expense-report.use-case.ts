import { inject, injectable } from 'inversify';
import { ExpenseGrouping, ExpenseReport } from '../../domain/report/expense-report';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { ExpenseGroupLabels } from './expense-group-labels';
import { ExpenseReportFilters, ExpenseReportQueries, REPORT_TOKENS } from './report.ports';

export interface ExpenseReportQuery {
  grouping: ExpenseGrouping;
  filters: ExpenseReportFilters;
}

/** The organisation's expenses counted and summed per status, account, month, employee or vendor (any member). */
@injectable()
export class GetExpenseReport {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(REPORT_TOKENS.ExpenseReportQueries) private readonly queries: ExpenseReportQueries,
    @inject(ExpenseGroupLabels) private readonly labels: ExpenseGroupLabels,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, query: ExpenseReportQuery): Promise<ExpenseReport> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'reports.expenses');
    const stored = await this.queries.sumByGroup(organisation.id, query.grouping, query.filters);
    return ExpenseReport.of(await this.labels.label(organisation.id, query.grouping, stored));
  }
}
