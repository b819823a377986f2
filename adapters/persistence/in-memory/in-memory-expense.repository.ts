import { ExpenseRepository } from '../../../application/expense/expense.ports';
import { Expense, ExpenseSnapshot } from '../../../domain/expense/expense';
import { EXPENSE_DECLARATION } from '../../declaration/expense/expense.declaration';
import { InMemoryDeclaredRecords } from './in-memory-declared-records';

/** The in-memory twin of `TypeOrmExpenseRepository`. */
export class InMemoryExpenseRepository extends InMemoryDeclaredRecords<Expense> implements ExpenseRepository {
  constructor() {
    super(EXPENSE_DECLARATION);
  }

  async isAccountUsed(organisationId: string, accountId: string): Promise<boolean> {
    return this.exists(organisationId, (s) => (s as ExpenseSnapshot).accountId === accountId);
  }

  async isVendorUsed(organisationId: string, vendorId: string): Promise<boolean> {
    return this.exists(organisationId, (s) => (s as ExpenseSnapshot).vendorId === vendorId);
  }
}
