import { ExpenseRepository } from '../../../application/expense/expense.ports';
import { Expense, ExpenseSnapshot } from '../../../domain/expense/expense';
import { ProjectSpending, spendingOf } from '../../../domain/project/project';
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

  async isProjectUsed(organisationId: string, projectId: string): Promise<boolean> {
    return this.exists(organisationId, (s) => (s as ExpenseSnapshot).projectId === projectId);
  }

  async spendingByProject(organisationId: string, projectIds: readonly string[]): Promise<Map<string, ProjectSpending>> {
    const expenses = this.of(organisationId) as ExpenseSnapshot[];
    const spending = new Map<string, ProjectSpending>();
    for (const projectId of projectIds) {
      const named = expenses.filter((expense) => expense.projectId === projectId);
      if (named.length > 0) spending.set(projectId, spendingOf(named.map((expense) => ({ status: expense.status, total: expense.totalAmount }))));
    }
    return spending;
  }
}
