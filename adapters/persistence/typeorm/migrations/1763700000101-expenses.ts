import { MigrationInterface, QueryRunner, Table, TableIndexOptions } from 'typeorm';
import { column as c, queryRunnerDialect, tableColumns } from '../columns';

/**
 * Expenses. Every list filter has an index led by organisation_id and followed
 * by the default ordering (expense_date, id), so that a filtered page of a
 * large organisation is read in order from the index, not sorted from a scan.
 */
export class Expenses1763700000101 implements MigrationInterface {
  name = 'Expenses1763700000101';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = queryRunnerDialect(queryRunner);
    const byOrganisation = (name: string, columns: string[]): TableIndexOptions => ({
      name: `ix_expenses_${name}`,
      columnNames: ['organisation_id', ...columns],
    });
    await queryRunner.createTable(
      new Table({
        name: 'expenses',
        columns: tableColumns(dialect, {
          id: c.id(),
          unique_id: c.varchar(100),
          organisation_id: c.ref(),
          title: c.text(),
          description: c.text().nullable(),
          notes: c.text().nullable(),
          expense_number: c.varchar(100).bytewise(),
          account_id: c.ref(),
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
          search_key: c.text(),
          date_created: c.timestamp(),
          last_updated: c.timestamp(),
        }),
        uniques: [
          { name: 'uq_expenses_unique_id', columnNames: ['organisation_id', 'unique_id'] },
          { name: 'uq_expenses_expense_number', columnNames: ['organisation_id', 'expense_number'] },
        ],
        foreignKeys: [
          { columnNames: ['organisation_id'], referencedTableName: 'organisations', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          // Composite, so that an expense can only be booked to an account of its own organisation.
          {
            columnNames: ['organisation_id', 'account_id'],
            referencedTableName: 'accounts',
            referencedColumnNames: ['organisation_id', 'id'],
          },
          { columnNames: ['employee_id'], referencedTableName: 'persons', referencedColumnNames: ['id'] },
          { columnNames: ['approved_by_id'], referencedTableName: 'persons', referencedColumnNames: ['id'] },
          { columnNames: ['created_by_id'], referencedTableName: 'persons', referencedColumnNames: ['id'] },
        ],
        indices: [
          byOrganisation('date', ['expense_date', 'id']),
          byOrganisation('status', ['status', 'expense_date', 'id']),
          byOrganisation('account', ['account_id', 'expense_date', 'id']),
          byOrganisation('employee', ['employee_id', 'expense_date', 'id']),
          byOrganisation('vendor', ['vendor_id', 'expense_date', 'id']),
          byOrganisation('amount', ['amount', 'id']),
          byOrganisation('total_amount', ['total_amount', 'id']),
          byOrganisation('date_created', ['date_created', 'id']),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('expenses');
  }
}
