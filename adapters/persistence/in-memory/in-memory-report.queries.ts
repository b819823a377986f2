import { ExpenseRepository } from '../../../application/expense/expense.ports';
import { LeadFilters, LeadRepository } from '../../../application/lead/lead.ports';
import { ExpenseReportFilters, ExpenseReportQueries, PipelineQueries, StoredExpenseGroup } from '../../../application/report/report.ports';
import { Expense } from '../../../domain/expense/expense';
import { Lead } from '../../../domain/lead/lead';
import { ExpenseGrouping, sumExpenseFigures } from '../../../domain/report/expense-report';
import { PipelineCell } from '../../../domain/report/pipeline-report';
import { Decimal } from '../../../domain/shared/decimal';

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
};

/** The expense report over the in-memory expenses (use-case tests): what the SQL adapter sums, added up here. */
export class InMemoryExpenseReportQueries implements ExpenseReportQueries {
  constructor(private readonly expenses: ExpenseRepository) {}

  async sumByGroup(organisationId: string, grouping: ExpenseGrouping, filters: ExpenseReportFilters): Promise<StoredExpenseGroup[]> {
    const { items } = await this.expenses.list(organisationId, { filters, ordering: { field: 'expenseDate', descending: false }, page: EVERYTHING });
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
    const { items } = await this.leads.list(organisationId, { filters, ordering: { field: 'dateCreated', descending: false }, page: EVERYTHING });
    return [...groupBy(items, (lead) => `${lead.salesStageId ?? ''} ${lead.outcome}`).values()].map((leads: Lead[]) => ({
      stageId: leads[0].salesStageId,
      outcome: leads[0].outcome,
      count: leads.length,
      estimatedValue: leads.reduce((sum, lead) => sum.plus(lead.estimatedValue ?? Decimal.zero()), Decimal.zero()),
      weightedValue: leads.reduce((sum, lead) => sum.plus(lead.weightedValue ?? Decimal.zero()), Decimal.zero()),
    }));
  }
}
