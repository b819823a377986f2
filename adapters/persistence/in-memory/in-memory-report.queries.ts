import { ExpenseRepository } from '../../../application/expense/expense.ports';
import { LeadFilters, LeadRepository } from '../../../application/lead/lead.kind';
import { ExpenseReportFilters, ExpenseReportQueries, FollowUpCounts, FollowUpIds, PipelineQueries, StoredExpenseGroup, VendorFollowUps } from '../../../application/report/report.ports';
import { PageWindow } from '../../../application/shared/page';
import { VendorRepository } from '../../../application/supplier/vendor.kind';
import { Expense } from '../../../domain/expense/expense';
import { Lead } from '../../../domain/lead/lead';
import { ExpenseGrouping, sumExpenseFigures } from '../../../domain/report/expense-report';
import { PipelineCell } from '../../../domain/report/pipeline-report';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal } from '../../../domain/shared/decimal';
import { Vendor, VendorSnapshot } from '../../../domain/supplier/vendor';
import { searchKey } from '../search-key';

/** Every record of a list at once: memory holds few. */
const EVERYTHING = { page: 1, pageSize: Number.MAX_SAFE_INTEGER };

/** Records grouped by a key, in the order keys first appear. */
function groupBy<T, K>(records: readonly T[], keyOf: (record: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const record of records) groups.set(keyOf(record), [...(groups.get(keyOf(record)) ?? []), record]);
  return groups;
}

const GROUP_OF: Record<ExpenseGrouping, (expense: Expense) => string | null> = {
  status: (e) => e.status,
  account: (e) => e.snapshot().accountId,
  month: (e) => e.expenseDate.toString().slice(0, 7),
  employee: (e) => e.snapshot().employeeId,
  vendor: (e) => e.snapshot().vendorId,
  project: (e) => e.projectId,
};

/** The expense report over the in-memory expenses (use-case tests): what the SQL adapter sums, added up here. */
export class InMemoryExpenseReportQueries implements ExpenseReportQueries {
  constructor(private readonly expenses: ExpenseRepository) {}

  async sumByGroup(organisationId: string, grouping: ExpenseGrouping, filters: ExpenseReportFilters): Promise<StoredExpenseGroup[]> {
    const { fromDate, toDate, status } = filters;
    const { items } = await this.expenses.list(organisationId, {
      filters: { from_date: fromDate, to_date: toDate, status },
      ordering: { field: 'expense_date', descending: false },
      page: EVERYTHING,
    });
    return [...groupBy(items, GROUP_OF[grouping])].map(([group, expenses]) => ({
      group,
      ...sumExpenseFigures(expenses.map((e) => ({ count: 1, ...e.snapshot() }))),
    }));
  }
}

/** The pipeline over the in-memory leads (use-case tests), each lead weighted by the domain's own rule. */
export class InMemoryPipelineQueries implements PipelineQueries {
  constructor(private readonly leads: LeadRepository) {}

  async sumByStageAndOutcome(organisationId: string, filters: LeadFilters): Promise<PipelineCell[]> {
    const { items } = await this.leads.list(organisationId, { filters: { ...filters }, ordering: { field: 'date_created', descending: false }, page: EVERYTHING });
    return [...groupBy(items, (lead) => `${lead.salesStageId ?? ''} ${lead.outcome}`).values()].map((leads: Lead[]) => ({
      stageId: leads[0].salesStageId,
      outcome: leads[0].outcome,
      count: leads.length,
      estimatedValue: leads.reduce((sum, lead) => sum.plus(lead.estimatedValue ?? Decimal.zero()), Decimal.zero()),
      weightedValue: leads.reduce((sum, lead) => sum.plus(lead.weightedValue ?? Decimal.zero()), Decimal.zero()),
    }));
  }
}

/** The follow-ups report over the in-memory vendors (use-case tests): each list filtered and ordered here as the SQL adapter's. */
export class InMemoryVendorFollowUps implements VendorFollowUps {
  constructor(private readonly vendors: VendorRepository) {}

  async counts(organisationId: string, today: CalendarDate, until: CalendarDate): Promise<FollowUpCounts> {
    const lists = await this.lists(organisationId, today, until);
    return { due: lists.due.length, ending: lists.ending.length };
  }

  async ids(organisationId: string, today: CalendarDate, until: CalendarDate, windows: { due: PageWindow | null; ending: PageWindow | null }): Promise<FollowUpIds> {
    const lists = await this.lists(organisationId, today, until);
    const cut = (list: Vendor[], window: PageWindow | null) => (window ? list.slice(window.offset, window.offset + window.limit).map((vendor) => vendor.id) : []);
    return { due: cut(lists.due, windows.due), ending: cut(lists.ending, windows.ending) };
  }

  private async lists(organisationId: string, today: CalendarDate, until: CalendarDate): Promise<{ due: Vendor[]; ending: Vendor[] }> {
    const { items } = await this.vendors.list(organisationId, { filters: {}, ordering: { field: 'name', descending: false }, page: EVERYTHING });
    const byDate = (dateOf: (s: VendorSnapshot) => CalendarDate | null, passes: (date: CalendarDate) => boolean) => {
      const sortKey = (s: VendorSnapshot) => `${dateOf(s)} ${searchKey(s.name)}\u0000${s.id}`;
      return items
        .filter((vendor) => {
          const date = dateOf(vendor.snapshot());
          return date !== null && passes(date);
        })
        .sort((a, b) => (sortKey(a.snapshot()) < sortKey(b.snapshot()) ? -1 : sortKey(a.snapshot()) > sortKey(b.snapshot()) ? 1 : 0));
    };
    return {
      due: byDate((s) => s.nextFollowUpDate, (date) => !date.isAfter(today)),
      ending: byDate((s) => s.contractEndDate, (date) => !date.isBefore(today) && !date.isAfter(until)),
    };
  }
}
