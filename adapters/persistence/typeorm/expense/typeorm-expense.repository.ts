import { inject, injectable } from 'inversify';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import {
  DUPLICATE_EXPENSE_NUMBER,
  ExpenseFilters,
  ExpenseOrderingField,
  ExpenseRepository,
  FoundRecord,
} from '../../../../application/expense/expense.ports';
import { ListQuery, Page } from '../../../../application/shared/page';
import { Expense } from '../../../../domain/expense/expense';
import { TypeOrmDatabase } from '../database';
import { containing, OrganisationRecords, SortKey } from '../organisation-records';
import { ExpenseMapper } from './expense.mapper';
import { ExpenseRow } from './expense.schema';

const SORT_KEYS: Record<ExpenseOrderingField, SortKey> = {
  expenseDate: { column: 'expense_date' },
  amount: { column: 'amount' },
  totalAmount: { column: 'total_amount' },
  expenseNumber: { column: 'expense_number' },
  dateCreated: { column: 'date_created' },
};

@injectable()
export class TypeOrmExpenseRepository implements ExpenseRepository {
  private readonly records: OrganisationRecords<ExpenseRow, Expense>;

  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase) {
    this.records = new OrganisationRecords(db, 'Expense', ExpenseMapper, {
      model: 'expense',
      unique: [{ column: 'expense_number', field: 'expense_number', message: DUPLICATE_EXPENSE_NUMBER }],
    });
  }

  findByUniqueId(organisationId: string, uniqueId: string, options: { forUpdate?: boolean } = {}): Promise<Expense | null> {
    return this.records.findByUniqueId(organisationId, uniqueId, options);
  }

  list(organisationId: string, query: ListQuery<ExpenseFilters<FoundRecord>, ExpenseOrderingField>): Promise<Page<Expense>> {
    const { field, descending } = query.ordering;
    return this.records.page((m) => this.filtered(m, organisationId, query.filters), SORT_KEYS[field], descending, query.page);
  }

  existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean> {
    return this.records.exists(organisationId, 'r.unique_id = :uniqueId', { uniqueId });
  }

  existsWithNumber(organisationId: string, expenseNumber: string, exceptId?: string): Promise<boolean> {
    const others = exceptId === undefined ? '' : ' AND r.id <> :exceptId';
    return this.records.exists(organisationId, `r.expense_number = :expenseNumber${others}`, { expenseNumber, exceptId });
  }

  save(expense: Expense): Promise<void> {
    return this.records.save(expense);
  }

  delete(expense: Expense): Promise<void> {
    return this.records.delete(expense.id);
  }

  isAccountUsed(organisationId: string, accountId: string): Promise<boolean> {
    return this.records.exists(organisationId, 'r.account_id = :accountId', { accountId });
  }

  isVendorUsed(organisationId: string, vendorId: string): Promise<boolean> {
    return this.records.exists(organisationId, 'r.vendor_id = :vendorId', { vendorId });
  }

  private filtered(m: EntityManager, organisationId: string, filters: ExpenseFilters<FoundRecord>): SelectQueryBuilder<ExpenseRow> {
    const query = this.records.select(m, organisationId);
    const equal = { account_id: filters.account?.id, employee_id: filters.employee?.id, vendor_id: filters.vendor?.id, status: filters.status };
    for (const [column, value] of Object.entries(equal)) {
      if (value !== undefined) query.andWhere(`r.${column} = :${column}`, { [column]: value });
    }
    if (filters.fromDate) query.andWhere('r.expense_date >= :fromDate', { fromDate: filters.fromDate.toString() });
    if (filters.toDate) query.andWhere('r.expense_date <= :toDate', { toDate: filters.toDate.toString() });
    if (filters.search !== undefined) query.andWhere("r.search_key LIKE :search ESCAPE '\\'", { search: containing(filters.search) });
    return query;
  }
}
