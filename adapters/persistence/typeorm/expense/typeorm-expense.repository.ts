import { inject, injectable } from 'inversify';
import { EntityManager, Not } from 'typeorm';
import {
  DUPLICATE_EXPENSE_NUMBER,
  DUPLICATE_EXPENSE_UNIQUE_ID,
  ExpenseFilter,
  ExpenseOrderField,
  ExpenseRepository,
} from '../../../../application/expense/expense.ports';
import { Ordering, Page, PageRequest } from '../../../../application/shared/page';
import { Expense } from '../../../../domain/expense/expense';
import { ConcurrentModification, ValidationFailed } from '../../../../domain/shared/errors';
import { isForeignKeyViolation, isUniqueViolation, TypeOrmDatabase } from '../database';
import { orderedPage } from '../ordered-page';
import { ExpenseMapper } from './expense.mapper';
import { ExpenseRow } from './expense.schema';

const COLUMNS: Record<ExpenseOrderField, keyof ExpenseRow> = {
  expenseDate: 'expense_date',
  amount: 'amount',
  totalAmount: 'total_amount',
  expenseNumber: 'expense_number',
  dateCreated: 'date_created',
};

/** `%` and `_` in a search term are literal characters, not wildcards. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

@injectable()
export class TypeOrmExpenseRepository implements ExpenseRepository {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async findByUniqueId(organisationId: string, uniqueId: string, options: { forUpdate?: boolean } = {}): Promise<Expense | null> {
    const row = await this.db.run((m) =>
      this.rows(m).findOne({
        where: { organisation_id: organisationId, unique_id: uniqueId },
        lock: options.forUpdate ? this.db.lockForUpdate : undefined,
      }),
    );
    return row ? ExpenseMapper.toDomain(row) : null;
  }

  async list(
    organisationId: string,
    filter: ExpenseFilter,
    ordering: Ordering<ExpenseOrderField>,
    page: PageRequest,
  ): Promise<Page<Expense>> {
    const { items: rows, total } = await this.db.run((m) => {
      const query = this.rows(m).createQueryBuilder('e').where('e.organisation_id = :organisationId', { organisationId });
      const equal = { account_id: filter.accountId, employee_id: filter.employeeId, vendor_id: filter.vendorId, status: filter.status };
      for (const [column, value] of Object.entries(equal)) {
        if (value !== undefined) query.andWhere(`e.${column} = :${column}`, { [column]: value });
      }
      if (filter.fromDate) query.andWhere('e.expense_date >= :fromDate', { fromDate: filter.fromDate.toString() });
      if (filter.toDate) query.andWhere('e.expense_date <= :toDate', { toDate: filter.toDate.toString() });
      if (filter.search) {
        query.andWhere("e.search_key LIKE :pattern ESCAPE '\\'", { pattern: `%${escapeLike(filter.search)}%` });
      }
      return orderedPage(query, { column: COLUMNS[ordering.field] }, ordering.descending, page);
    });
    return { items: rows.map(ExpenseMapper.toDomain), total };
  }

  existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean> {
    return this.db.run((m) => this.rows(m).existsBy({ organisation_id: organisationId, unique_id: uniqueId }));
  }

  existsWithNumber(organisationId: string, expenseNumber: string, exceptId?: string): Promise<boolean> {
    return this.db.run((m) =>
      this.rows(m).existsBy({
        organisation_id: organisationId,
        expense_number: expenseNumber,
        ...(exceptId === undefined ? {} : { id: Not(exceptId) }),
      }),
    );
  }

  async save(expense: Expense): Promise<void> {
    try {
      await this.db.run((m) => this.rows(m).save(ExpenseMapper.toPersistence(expense)));
    } catch (error) {
      if (isUniqueViolation(error, 'expense_number')) throw ValidationFailed.field('expense_number', DUPLICATE_EXPENSE_NUMBER);
      if (isUniqueViolation(error, 'unique_id')) throw ValidationFailed.field('unique_id', DUPLICATE_EXPENSE_UNIQUE_ID);
      // The account was deleted between the check and this write.
      if (isForeignKeyViolation(error)) throw new ConcurrentModification();
      throw error;
    }
  }

  async delete(expense: Expense): Promise<void> {
    await this.db.run((m) => this.rows(m).delete({ id: expense.id }));
  }

  isAccountUsed(organisationId: string, accountId: string): Promise<boolean> {
    return this.db.run((m) => this.rows(m).existsBy({ organisation_id: organisationId, account_id: accountId }));
  }

  isVendorUsed(organisationId: string, vendorId: string): Promise<boolean> {
    return this.db.run((m) => this.rows(m).existsBy({ organisation_id: organisationId, vendor_id: vendorId }));
  }

  private rows(m: EntityManager) {
    return m.getRepository<ExpenseRow>('Expense');
  }
}
