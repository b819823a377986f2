import {
  DUPLICATE_EXPENSE_NUMBER,
  ExpenseFilters,
  ExpenseOrderingField,
  ExpenseRepository,
  FoundRecord,
} from '../../../application/expense/expense.ports';
import { ListQuery, Page } from '../../../application/shared/page';
import { Expense, ExpenseSnapshot } from '../../../domain/expense/expense';
import { contains, InMemoryRecords, SortValue } from './in-memory-records';

const SORT_KEYS: Record<ExpenseOrderingField, (s: ExpenseSnapshot) => SortValue> = {
  expenseDate: (s) => s.expenseDate.toString(),
  amount: (s) => s.amount.toUnits(2),
  totalAmount: (s) => s.totalAmount.toUnits(2),
  expenseNumber: (s) => s.expenseNumber,
  dateCreated: (s) => s.dateCreated.getTime(),
};

/** Transactions run one at a time (InMemoryUnitOfWork), so `forUpdate` needs no lock here. */
export class InMemoryExpenseRepository implements ExpenseRepository {
  private readonly records = new InMemoryRecords<ExpenseSnapshot, Expense>(Expense.restore, 'expense', [
    { of: (s) => s.expenseNumber, field: 'expense_number', message: DUPLICATE_EXPENSE_NUMBER },
  ]);

  async findByUniqueId(organisationId: string, uniqueId: string): Promise<Expense | null> {
    return this.records.findByUniqueId(organisationId, uniqueId);
  }

  async list(organisationId: string, query: ListQuery<ExpenseFilters<FoundRecord>, ExpenseOrderingField>): Promise<Page<Expense>> {
    const { account, employee, vendor, fromDate, toDate, search, status } = query.filters;
    const rows = this.records
      .of(organisationId)
      .filter((s) => account === undefined || s.accountId === account.id)
      .filter((s) => employee === undefined || s.employeeId === employee.id)
      .filter((s) => vendor === undefined || s.vendorId === vendor.id)
      .filter((s) => status === undefined || s.status === status)
      .filter((s) => fromDate === undefined || !s.expenseDate.isBefore(fromDate))
      .filter((s) => toDate === undefined || !s.expenseDate.isAfter(toDate))
      .filter((s) => search === undefined || contains(search, s.expenseNumber, s.title));
    return this.records.page(rows, SORT_KEYS[query.ordering.field], query.ordering.descending, query.page);
  }

  async existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean> {
    return this.records.exists(organisationId, (s) => s.uniqueId === uniqueId);
  }

  async existsWithNumber(organisationId: string, expenseNumber: string, exceptId?: string): Promise<boolean> {
    return this.records.exists(organisationId, (s) => s.expenseNumber === expenseNumber && s.id !== exceptId);
  }

  async save(expense: Expense): Promise<void> {
    this.records.save(expense);
  }

  async delete(expense: Expense): Promise<void> {
    this.records.delete(expense.id);
  }

  async isAccountUsed(organisationId: string, accountId: string): Promise<boolean> {
    return this.records.exists(organisationId, (s) => s.accountId === accountId);
  }

  async isVendorUsed(organisationId: string, vendorId: string): Promise<boolean> {
    return this.records.exists(organisationId, (s) => s.vendorId === vendorId);
  }
}
