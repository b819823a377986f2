import { inject, injectable } from 'inversify';
import {
  DUPLICATE_EXPENSE_NUMBER,
  ExpenseFilters,
  ExpenseOrderingField,
  ExpenseRepository,
  FoundRecord,
} from '../../../../application/expense/expense.ports';
import { Expense } from '../../../../domain/expense/expense';
import { Conditions, TypeOrmDatabase } from '../engine';
import { OrganisationRecords } from '../organisation-records';
import { expenseConditions } from './expense-conditions';
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
    unread: ['search_key'],
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
    return expenseConditions(this.db.dialect, query, filters);
  }
}
