import { inject, injectable } from 'inversify';
import { ExpenseRepository } from '../../../../application/expense/expense.ports';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { Expense } from '../../../../domain/expense/expense';
import { ExpenseStatus } from '../../../../domain/expense/expense-status';
import { Decimal } from '../../../../domain/shared/decimal';
import { COMMITTED_EXPENSE_STATUSES, ProjectSpending, SPENT_EXPENSE_STATUSES, spendingOf } from '../../../../domain/project/project';
import { EXPENSE_DECLARATION } from '../../../declaration/expense/expense.declaration';
import { TypeOrmDeclaredRecords } from '../declared/typeorm-declared.repository';
import { TypeOrmDatabase } from '../engine';
import { exactSum, readExactSum } from '../report/exact-sum';

/** Expenses, as their declaration stores them; also answers whether an account, a vendor or a project is in use by one, and what projects spent. */
@injectable()
export class TypeOrmExpenseRepository extends TypeOrmDeclaredRecords<Expense> implements ExpenseRepository {
  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase, @inject(SHARED_TOKENS.SecretBox) box: SecretBox) {
    super(db, box, EXPENSE_DECLARATION);
  }

  isAccountUsed(organisationId: string, accountId: string): Promise<boolean> {
    return this.exists(organisationId, 'r.account_id = :accountId', { accountId });
  }

  isVendorUsed(organisationId: string, vendorId: string): Promise<boolean> {
    return this.exists(organisationId, 'r.vendor_id = :vendorId', { vendorId });
  }

  isProjectUsed(organisationId: string, projectId: string): Promise<boolean> {
    return this.exists(organisationId, 'r.project_id = :projectId', { projectId });
  }

  /** One GROUP BY for all the projects of a page: the exact sum of their expenses' totals per status (see exact-sum.ts). */
  async spendingByProject(organisationId: string, projectIds: readonly string[]): Promise<Map<string, ProjectSpending>> {
    if (projectIds.length === 0) return new Map();
    const statuses = [...SPENT_EXPENSE_STATUSES, ...COMMITTED_EXPENSE_STATUSES];
    const [rows] = await this.db.select([
      this.db.sql(
        `SELECT r.project_id AS project_id, r.status AS status, ${exactSum('r.total_amount', 'total')} FROM ${this.db.tableOf('Expense')} r ` +
          'WHERE r.organisation_id = :organisationId AND r.project_id IN (:...projectIds) AND r.status IN (:...statuses) GROUP BY r.project_id, r.status',
        { organisationId, projectIds: [...projectIds], statuses },
      ),
    ]);
    const totals = new Map<string, { status: ExpenseStatus; total: Decimal }[]>();
    for (const row of rows) {
      const projectId = String(row.project_id);
      totals.set(projectId, [...(totals.get(projectId) ?? []), { status: row.status as ExpenseStatus, total: readExactSum(row, 'total') }]);
    }
    return new Map([...totals].map(([projectId, byStatus]) => [projectId, spendingOf(byStatus)]));
  }
}
