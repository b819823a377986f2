import { inject, injectable } from 'inversify';
import { GetExpenseReport } from '../../../application/report/get-expense-report.use-case';
import { GetPipelineReport } from '../../../application/report/get-pipeline-report.use-case';
import { GetProjectReport } from '../../../application/report/get-project-report.use-case';
import { GetVendorFollowUps } from '../../../application/report/get-vendor-follow-ups.use-case';
import { DEFAULT_EXPENSE_GROUPING } from '../../../domain/report/expense-report';
import { LEAD_DECLARATION } from '../../declaration/lead/lead.declaration';
import { PROJECT_DECLARATION } from '../../declaration/project/project.declaration';
import { LeadFilters } from '../../../application/lead/lead.kind';
import { filterClassOf } from '../declared/declared-input';
import { actorOf } from '../middleware/authentication';
import { API_PREFIX, HttpController } from '../shared/controller';
import { answers } from '../shared/answers';
import { Routes } from '../shared/routes';
import { readFiltered, readFilters, sendPage } from '../validation/query';
import { ExpenseReportInput, VendorFollowUpsInput } from './report.dto';
import {
  EXPENSE_REPORT_ROW_SCHEMA,
  EXPENSE_REPORT_SCHEMA,
  FOLLOW_UP_LINE_SCHEMA,
  followUpLines,
  PIPELINE_LINE_SCHEMA,
  pipelineLines,
  PIPELINE_REPORT_SCHEMA,
  presentExpenseReport,
  presentPipelineReport,
  presentProjectReportRow,
  PROJECT_REPORT_ROW_SCHEMA,
  presentVendorFollowUps,
  VENDOR_FOLLOW_UPS_SCHEMA,
} from './report.presenter';

/** The pipeline report is filtered as the lead list is. */
const LEAD_FILTERS = filterClassOf(LEAD_DECLARATION);
/** The project report is filtered as the project list is. */
const PROJECT_FILTERS = filterClassOf(PROJECT_DECLARATION);

/** `/api/v1.0/organisation/{org_uid}/reports/…` (contract section 10): figures any member may read; the vendors' follow-ups paged as a list. */
@injectable()
export class ReportController implements HttpController {
  constructor(
    @inject(GetExpenseReport) private readonly expenseReport: GetExpenseReport,
    @inject(GetPipelineReport) private readonly pipelineReport: GetPipelineReport,
    @inject(GetVendorFollowUps) private readonly vendorFollowUps: GetVendorFollowUps,
    @inject(GetProjectReport) private readonly projectReport: GetProjectReport,
  ) {}

  register(routes: Routes): void {
    const base = `${API_PREFIX}/organisation/:org/reports`;
    routes.add({
      method: 'GET',
      path: `${base}/expenses`,
      summary: 'Expense report',
      description: 'Counts and amounts of the organisation’s expenses grouped as `group_by` says, with their totals, filtered by days and status. With `format=csv` the rows as a file. Any member of the organisation.',
      filters: ExpenseReportInput,
      answers: [answers.table(EXPENSE_REPORT_SCHEMA, 'A row per group that has expenses, then the totals (`key: null`).')],
      table: { item: EXPENSE_REPORT_ROW_SCHEMA, rows: (body) => body },
      errors: [400],
      handle: async (ctx) => {
        const { groupBy, ...filters } = readFilters(ctx, ExpenseReportInput);
        const report = await this.expenseReport.execute(actorOf(ctx), ctx.params.org, { grouping: groupBy ?? DEFAULT_EXPENSE_GROUPING, filters });
        ctx.body = presentExpenseReport(report);
      },
    });
    routes.add({
      method: 'GET',
      path: `${base}/pipeline`,
      summary: 'Pipeline report',
      description: 'The leads per sales stage with their values, the won and the lost; filtered as the lead list is. With `format=csv` a line each. Any member of the organisation.',
      filters: LEAD_FILTERS,
      answers: [answers.table(PIPELINE_REPORT_SCHEMA, 'Per stage in position order, the totals, the won and the lost; as CSV a line each.')],
      table: { item: PIPELINE_LINE_SCHEMA, rows: pipelineLines },
      errors: [400],
      handle: async (ctx) => {
        ctx.body = presentPipelineReport(await this.pipelineReport.execute(actorOf(ctx), ctx.params.org, readFilters(ctx, LEAD_FILTERS) as LeadFilters));
      },
    });
    routes.add({
      method: 'GET',
      path: `${base}/projects`,
      summary: 'Project report',
      description:
        'Budget against actual: a row per project, by name, with its budget, what its expenses spent (approved, paid, reimbursed) and committed (submitted), ' +
        'what remains and the share of the budget used; filtered as the project list is, paged as every list is. With `format=csv` every row. Any member of the organisation.',
      list: { filters: PROJECT_FILTERS, item: PROJECT_REPORT_ROW_SCHEMA },
      answers: [answers.page(PROJECT_REPORT_ROW_SCHEMA)],
      handle: async (ctx) => {
        const { filters, page } = readFiltered(ctx, PROJECT_FILTERS);
        const rows = await this.projectReport.execute(actorOf(ctx), ctx.params.org, filters as Record<string, unknown>, page);
        sendPage(ctx, rows, page, (row) => presentProjectReportRow(row));
      },
    });
    routes.add({
      method: 'GET',
      path: `${base}/vendors/follow-ups`,
      summary: 'Vendor follow-ups',
      description:
        'Vendors due a follow-up and contracts ending soon, paged as one list of lines (the follow-ups first) as every list is: `X-Total-Count` counts both, ' +
        'and a page holds the end of the one and the start of the other where it spans both. With `format=csv` every line in one table. Any member of the organisation.',
      list: { filters: VendorFollowUpsInput, item: FOLLOW_UP_LINE_SCHEMA },
      answers: [
        {
          ...answers.page(FOLLOW_UP_LINE_SCHEMA),
          description: 'The page’s part of each list (see the `Link` header for the others); with `format=csv`, every line as a file, `list` naming each row’s.',
          json: VENDOR_FOLLOW_UPS_SCHEMA,
        },
      ],
      handle: async (ctx) => {
        const { filters: query, page } = readFiltered(ctx, VendorFollowUpsInput);
        const view = await this.vendorFollowUps.execute(actorOf(ctx), ctx.params.org, query.days, page);
        sendPage(ctx, { items: followUpLines(view), total: view.total }, page, (line) => line, (lines) => presentVendorFollowUps(view, lines));
      },
    });
  }
}
