import { inject, injectable } from 'inversify';
import { EXPENSE_STATUSES, ExpenseStatus } from '../../domain/expense/expense-status';
import {
  ExpenseGroup,
  ExpenseGrouping,
  monthLabel,
  NO_EMPLOYEE_LABEL,
  NO_PROJECT_KEY,
  NO_PROJECT_LABEL,
  NO_VENDOR_LABEL,
  sumExpenseFigures,
  UNASSIGNED_KEY,
} from '../../domain/report/expense-report';
import { ACCOUNT_TOKENS, AccountRepository } from '../account/account.ports';
import { EXPENSE_TOKENS, ExpenseVendorDirectory } from '../expense/expense.ports';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { PROJECT_TOKENS, ProjectRepository } from '../project/project.kind';
import { StoredExpenseGroup } from './report.ports';

/** A group's wire key and label, and where it sorts among the others. */
interface Name {
  key: string | null;
  label: string;
  sortKey: string;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Turns the stored groups into the report's: each named by what the client
 * knows (a status, a month, a unique_id) with its display text, in the
 * grouping's natural order: statuses in workflow order, accounts by code,
 * months oldest first, employees, vendors and projects by name with the
 * expenses that name none last.
 */
@injectable()
export class ExpenseGroupLabels {
  constructor(
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(EXPENSE_TOKENS.ExpenseVendorDirectory) private readonly vendors: ExpenseVendorDirectory,
    @inject(PROJECT_TOKENS.ProjectRepository) private readonly projects: ProjectRepository,
  ) {}

  async label(organisationId: string, grouping: ExpenseGrouping, stored: readonly StoredExpenseGroup[]): Promise<ExpenseGroup[]> {
    const names = await this.names(organisationId, grouping, stored);
    // Records that went missing between the reads join the group of none; figures of one key are added up.
    const byKey = new Map<string | null, { name: Name; figures: StoredExpenseGroup[] }>();
    stored.forEach((group, index) => {
      const name = names[index];
      const entry = byKey.get(name.key) ?? { name, figures: [] };
      entry.figures.push(group);
      byKey.set(name.key, entry);
    });
    return [...byKey.values()]
      .sort((a, b) => byText(a.name.sortKey, b.name.sortKey) || byText(a.name.key ?? '', b.name.key ?? ''))
      .map(({ name, figures }) => ({ key: name.key, label: name.label, ...sumExpenseFigures(figures) }));
  }

  private async names(organisationId: string, grouping: ExpenseGrouping, stored: readonly StoredExpenseGroup[]): Promise<Name[]> {
    const ids = stored.flatMap((group) => (group.group === null ? [] : [group.group]));
    switch (grouping) {
      case 'status': {
        const order = EXPENSE_STATUSES.values;
        return stored.map(({ group }) => {
          const status = group as ExpenseStatus;
          return { key: status, label: EXPENSE_STATUSES.label(status), sortKey: String(order.indexOf(status)).padStart(2, '0') };
        });
      }
      case 'month':
        return stored.map(({ group }) => ({ key: group as string, label: monthLabel(group as string), sortKey: group as string }));
      case 'account': {
        const found = new Map((await this.accounts.findByIds(organisationId, ids)).map((a) => [a.id, a]));
        return stored.map(({ group }) => {
          const account = group === null ? undefined : found.get(group);
          if (!account) return { key: UNASSIGNED_KEY, label: 'No account', sortKey: '\uffff' };
          return { key: account.uniqueId, label: `${account.accountCode} ${account.name}`, sortKey: account.accountCode };
        });
      }
      case 'employee': {
        const found = new Map((await this.people.findByIds(ids)).map((p) => [p.id, p]));
        return stored.map(({ group }) => {
          const person = group === null ? undefined : found.get(group);
          if (!person) return { key: UNASSIGNED_KEY, label: NO_EMPLOYEE_LABEL, sortKey: '\uffff' };
          return { key: person.uniqueId, label: person.fullName, sortKey: person.fullName.toLowerCase() };
        });
      }
      case 'vendor': {
        const found = new Map((await this.vendors.findByIds(organisationId, ids)).map((v) => [v.id, v]));
        return stored.map(({ group }) => {
          const vendor = group === null ? undefined : found.get(group);
          if (!vendor) return { key: UNASSIGNED_KEY, label: NO_VENDOR_LABEL, sortKey: '\uffff' };
          return { key: vendor.uniqueId, label: vendor.name, sortKey: vendor.name.toLowerCase() };
        });
      }
      case 'project': {
        const found = new Map((await this.projects.findByIds(organisationId, ids)).map((p) => [p.id, p]));
        return stored.map(({ group }) => {
          const project = group === null ? undefined : found.get(group);
          if (!project) return { key: NO_PROJECT_KEY, label: NO_PROJECT_LABEL, sortKey: '\uffff' };
          return { key: project.uniqueId, label: project.name, sortKey: project.name.toLowerCase() };
        });
      }
    }
  }
}
