import {
  DUPLICATE_EXPENSE_NUMBER,
  ExpenseFilters,
  ExpenseOrderingField,
  ExpenseRepository,
  FoundRecord,
} from '../../../application/expense/expense.ports';
import { Expense, ExpenseSnapshot } from '../../../domain/expense/expense';
import { contains, InMemoryRecords } from './in-memory-records';

/** Transactions run one at a time (InMemoryUnitOfWork), so `forUpdate` needs no lock here. */
export class InMemoryExpenseRepository
  extends InMemoryRecords<ExpenseSnapshot, Expense, ExpenseFilters<FoundRecord>, ExpenseOrderingField>
  implements ExpenseRepository
{
  protected readonly collection = {
    restore: Expense.restore,
    model: 'expense',
    unique: [{ of: (s: ExpenseSnapshot) => s.expenseNumber, field: 'expense_number', message: DUPLICATE_EXPENSE_NUMBER }],
    sortKeys: {
      expenseDate: (s: ExpenseSnapshot) => s.expenseDate.toString(),
      amount: (s: ExpenseSnapshot) => s.amount.toUnits(2),
      totalAmount: (s: ExpenseSnapshot) => s.totalAmount.toUnits(2),
      expenseNumber: (s: ExpenseSnapshot) => s.expenseNumber,
      dateCreated: (s: ExpenseSnapshot) => s.dateCreated.getTime(),
    },
  };

  async existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean> {
    return this.exists(organisationId, (s) => s.uniqueId === uniqueId);
  }

  async existsWithNumber(organisationId: string, expenseNumber: string, exceptId?: string): Promise<boolean> {
    return this.exists(organisationId, (s) => s.expenseNumber === expenseNumber && s.id !== exceptId);
  }

  async isAccountUsed(organisationId: string, accountId: string): Promise<boolean> {
    return this.exists(organisationId, (s) => s.accountId === accountId);
  }

  async isVendorUsed(organisationId: string, vendorId: string): Promise<boolean> {
    return this.exists(organisationId, (s) => s.vendorId === vendorId);
  }

  protected override matches(s: ExpenseSnapshot, filters: ExpenseFilters<FoundRecord>): boolean {
    const { account, employee, vendor, fromDate, toDate, search, status } = filters;
    return (
      (account === undefined || s.accountId === account.id) &&
      (employee === undefined || s.employeeId === employee.id) &&
      (vendor === undefined || s.vendorId === vendor.id) &&
      (status === undefined || s.status === status) &&
      (fromDate === undefined || !s.expenseDate.isBefore(fromDate)) &&
      (toDate === undefined || !s.expenseDate.isAfter(toDate)) &&
      (search === undefined || contains(search, s.expenseNumber, s.title))
    );
  }
}
