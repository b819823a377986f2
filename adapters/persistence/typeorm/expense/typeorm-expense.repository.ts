import { inject, injectable } from 'inversify';
import { SelectQueryBuilder } from 'typeorm';
import {
  DUPLICATE_EXPENSE_NUMBER,
  ExpenseFilters,
  ExpenseOrderingField,
  ExpenseRepository,
  FoundRecord,
} from '../../../../application/expense/expense.ports';
import { Expense } from '../../../../domain/expense/expense';
import { TypeOrmDatabase } from '../database';
import { OrganisationRecords } from '../organisation-records';
import { searchCondition } from '../search-index';
import { Conditions } from '../sql';
import { ExpenseMapper } from './expense.mapper';
import { ExpenseRow } from './expense.schema';

@injectable()
export class TypeOrmExpenseRepository
  extends OrganisationRecords<ExpenseRow, Expense, ExpenseFilters<FoundRecord>, ExpenseOrderingField>
  implements ExpenseRepository
{
  protected readonly table = {
    entity: 'Expense',
    mapper: ExpenseMapper,
    model: 'expense',
    unique: [{ column: 'expense_number', field: 'expense_number', message: DUPLICATE_EXPENSE_NUMBER }],
    counted: true,
    sortKeys: {
      expenseDate: { column: 'expense_date' },
      amount: { column: 'amount' },
      totalAmount: { column: 'total_amount' },
      expenseNumber: { column: 'expense_number' },
      dateCreated: { column: 'date_created' },
    },
  };

  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase) {
    super(db);
  }

  existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean> {
    return this.exists(organisationId, 'r.unique_id = :uniqueId', { uniqueId });
  }

  existsWithNumber(organisationId: string, expenseNumber: string, exceptId?: string): Promise<boolean> {
    const others = exceptId === undefined ? '' : ' AND r.id <> :exceptId';
    return this.exists(organisationId, `r.expense_number = :expenseNumber${others}`, { expenseNumber, exceptId });
  }

  isAccountUsed(organisationId: string, accountId: string): Promise<boolean> {
    return this.exists(organisationId, 'r.account_id = :accountId', { accountId });
  }

  isVendorUsed(organisationId: string, vendorId: string): Promise<boolean> {
    return this.exists(organisationId, 'r.vendor_id = :vendorId', { vendorId });
  }

  protected override filtered(query: Conditions, filters: ExpenseFilters<FoundRecord>): Conditions {
    const equal = { account_id: filters.account?.id, employee_id: filters.employee?.id, vendor_id: filters.vendor?.id, status: filters.status };
    for (const [column, value] of Object.entries(equal)) {
      if (value !== undefined) query.andWhere(`r.${column} = :${column}`, { [column]: value });
    }
    if (filters.fromDate) query.andWhere('r.expense_date >= :fromDate', { fromDate: filters.fromDate.toString() });
    if (filters.toDate) query.andWhere('r.expense_date <= :toDate', { toDate: filters.toDate.toString() });
    if (filters.search !== undefined) searchCondition(this.db.dialect, query, 'expenses', filters.search, 'search');
    return query;
  }
}
