import { searchKeyOf } from '../../../application/expense/expense-search';
import {
  DUPLICATE_EXPENSE_NUMBER,
  DUPLICATE_EXPENSE_UNIQUE_ID,
  ExpenseFilter,
  ExpenseOrderField,
  ExpenseRepository,
} from '../../../application/expense/expense.ports';
import { Ordering, Page, PageRequest } from '../../../application/shared/page';
import { Expense, ExpenseSnapshot } from '../../../domain/expense/expense';
import { ValidationFailed } from '../../../domain/shared/errors';
import { compareValues, Comparison, pageOf } from './in-memory-page';

const COMPARE: Record<ExpenseOrderField, (a: ExpenseSnapshot, b: ExpenseSnapshot) => Comparison> = {
  expenseDate: (a, b) => a.expenseDate.compare(b.expenseDate),
  amount: (a, b) => a.amount.compare(b.amount),
  totalAmount: (a, b) => a.totalAmount.compare(b.totalAmount),
  expenseNumber: (a, b) => compareValues(a.expenseNumber, b.expenseNumber),
  dateCreated: (a, b) => compareValues(a.dateCreated.getTime(), b.dateCreated.getTime()),
};

/** Transactions run one at a time (InMemoryUnitOfWork), so `forUpdate` needs no lock here. */
export class InMemoryExpenseRepository implements ExpenseRepository {
  private readonly rows = new Map<string, ExpenseSnapshot>();

  async findByUniqueId(organisationId: string, uniqueId: string): Promise<Expense | null> {
    const row = this.inOrganisation(organisationId).find((e) => e.uniqueId === uniqueId);
    return row ? Expense.restore(row) : null;
  }

  async list(
    organisationId: string,
    filter: ExpenseFilter,
    ordering: Ordering<ExpenseOrderField>,
    page: PageRequest,
  ): Promise<Page<Expense>> {
    const matching = this.inOrganisation(organisationId).filter((e) => matches(e, filter));
    const found = pageOf(matching, COMPARE[ordering.field], ordering.descending, page);
    return { items: found.items.map((row) => Expense.restore(row)), total: found.total };
  }

  async existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean> {
    return this.inOrganisation(organisationId).some((e) => e.uniqueId === uniqueId);
  }

  async existsWithNumber(organisationId: string, expenseNumber: string, exceptId?: string): Promise<boolean> {
    return this.inOrganisation(organisationId).some((e) => e.expenseNumber === expenseNumber && e.id !== exceptId);
  }

  async save(expense: Expense): Promise<void> {
    const row = expense.snapshot();
    const others = this.inOrganisation(row.organisationId).filter((e) => e.id !== row.id);
    if (others.some((e) => e.expenseNumber === row.expenseNumber)) {
      throw ValidationFailed.field('expense_number', DUPLICATE_EXPENSE_NUMBER);
    }
    if (others.some((e) => e.uniqueId === row.uniqueId)) throw ValidationFailed.field('unique_id', DUPLICATE_EXPENSE_UNIQUE_ID);
    this.rows.set(row.id, row);
  }

  async delete(expense: Expense): Promise<void> {
    this.rows.delete(expense.id);
  }

  async isAccountUsed(organisationId: string, accountId: string): Promise<boolean> {
    return this.inOrganisation(organisationId).some((e) => e.accountId === accountId);
  }

  async isVendorUsed(organisationId: string, vendorId: string): Promise<boolean> {
    return this.inOrganisation(organisationId).some((e) => e.vendorId === vendorId);
  }

  private inOrganisation(organisationId: string): ExpenseSnapshot[] {
    return [...this.rows.values()].filter((e) => e.organisationId === organisationId);
  }
}

function matches(e: ExpenseSnapshot, filter: ExpenseFilter): boolean {
  return (
    (filter.accountId === undefined || e.accountId === filter.accountId) &&
    (filter.employeeId === undefined || e.employeeId === filter.employeeId) &&
    (filter.vendorId === undefined || e.vendorId === filter.vendorId) &&
    (filter.status === undefined || e.status === filter.status) &&
    (filter.fromDate === undefined || !e.expenseDate.isBefore(filter.fromDate)) &&
    (filter.toDate === undefined || !e.expenseDate.isAfter(filter.toDate)) &&
    (filter.search === undefined || searchKeyOf(e.expenseNumber, e.title).includes(filter.search))
  );
}
