import { EntitySchema, EntitySchemaIndexOptions } from 'typeorm';
import { column as c, Dialect, entityColumns, organisationKey, references, RowOf, uniqueIdPerOrganisation } from '../columns';
import { searchIndices } from '../search-index';

const expenseColumns = {
  id: c.id(),
  unique_id: c.varchar(100),
  organisation_id: c.ref(),
  title: c.text(),
  description: c.text().nullable(),
  notes: c.text().nullable(),
  expense_number: c.varchar(100).bytewise(),
  account_id: c.ref(),
  /** A vendor of the vendor area; its foreign key exists on Postgres only (see `expenseSchemas`). */
  vendor_id: c.ref().nullable(),
  employee_id: c.ref().nullable(),
  status: c.varchar(10),
  expense_date: c.date(),
  submitted_date: c.timestamp().nullable(),
  approved_date: c.timestamp().nullable(),
  paid_date: c.timestamp().nullable(),
  approved_by_id: c.ref().nullable(),
  created_by_id: c.ref(),
  amount: c.decimal(),
  tax_amount: c.decimal(),
  total_amount: c.decimal(),
  receipt_key: c.varchar(200).nullable(),
  receipt_content_type: c.varchar(50).nullable(),
  receipt_size: c.integer().nullable(),
  vat_processed: c.boolean(),
  vat_processed_date: c.timestamp().nullable(),
  rejection_reason: c.text().nullable(),
  /** `searchKey(expense_number, title)`, searched with LIKE (see search-key.ts). */
  search_key: c.text(),
  date_created: c.timestamp(),
  last_updated: c.timestamp(),
};

export type ExpenseRow = RowOf<typeof expenseColumns>;

/** Every list filter's index leads with organisation_id and ends with the default ordering. */
function byOrganisation(name: string, columns: string[]): EntitySchemaIndexOptions {
  return { name: `ix_expenses_${name}`, columns: ['organisation_id', ...columns] };
}

export function expenseSchemas(dialect: Dialect): EntitySchema[] {
  return [
    new EntitySchema<ExpenseRow>({
      name: 'Expense',
      tableName: 'expenses',
      columns: entityColumns(dialect, expenseColumns),
      uniques: [
        uniqueIdPerOrganisation('expenses'),
        { name: 'uq_expenses_expense_number', columns: ['organisation_id', 'expense_number'] },
      ],
      foreignKeys: [
        organisationKey(),
        // Composite, so that an expense can only be booked to an account of its own organisation.
        references('accounts', ['organisation_id', 'account_id'], { referencedColumnNames: ['organisation_id', 'id'] }),
        references('persons', ['employee_id']),
        references('persons', ['approved_by_id']),
        references('persons', ['created_by_id']),
        // Postgres only: SQLite runs one transaction at a time, so the vendor's in-use check cannot race there.
        ...(dialect === 'postgres' ? [references('vendors', ['vendor_id'], { name: 'fk_expenses_vendor' })] : []),
      ],
      indices: [
        ...searchIndices(dialect, 'expenses'),
        byOrganisation('date', ['expense_date', 'id']),
        byOrganisation('status', ['status', 'expense_date', 'id']),
        byOrganisation('account', ['account_id', 'expense_date', 'id']),
        byOrganisation('employee', ['employee_id', 'expense_date', 'id']),
        byOrganisation('vendor', ['vendor_id', 'expense_date', 'id']),
        byOrganisation('amount', ['amount', 'id']),
        byOrganisation('total_amount', ['total_amount', 'id']),
        byOrganisation('date_created', ['date_created', 'id']),
        // Every report reads from it alone (migration 1763700001000).
        byOrganisation('report', ['expense_date', 'status', 'account_id', 'employee_id', 'vendor_id', 'amount', 'tax_amount', 'total_amount']),
      ],
    }),
  ];
}
