import { MigrationInterface, QueryRunner, Table, TableIndexOptions } from 'typeorm';
import { migrationColumns } from './migration-columns';

/**
 * Expenses. Every list filter has an index led by organisation_id and followed
 * by the default ordering (expense_date, id), so that a filtered page of a
 * large organisation is read in order from the index, not sorted from a scan.
 */
export class Expenses1763700000101 implements MigrationInterface {
  name = 'Expenses1763700000101';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = migrationColumns(queryRunner);
    const postgres = queryRunner.connection.options.type === 'postgres';
    const bytewise = postgres ? { collation: 'C' } : {};
    const byOrganisation = (name: string, columns: string[]): TableIndexOptions => ({
      name: `ix_expenses_${name}`,
      columnNames: ['organisation_id', ...columns],
    });
    await queryRunner.createTable(
      new Table({
        name: 'expenses',
        columns: [
          c.id(),
          c.varchar('unique_id', 100, false),
          c.ref('organisation_id'),
          c.text('title', false),
          c.text('description'),
          c.text('notes'),
          { ...c.varchar('expense_number', 100, false), ...bytewise },
          c.ref('account_id'),
          c.ref('vendor_id', true),
          c.ref('employee_id', true),
          c.varchar('status', 10, false),
          c.date('expense_date', false),
          c.timestamp('submitted_date', true),
          c.timestamp('approved_date', true),
          c.timestamp('paid_date', true),
          c.ref('approved_by_id', true),
          c.ref('created_by_id'),
          c.bigint('amount'),
          c.bigint('tax_amount'),
          c.bigint('total_amount'),
          c.varchar('receipt_key', 200),
          c.varchar('receipt_content_type', 50),
          c.bigint('receipt_size', true),
          c.boolean('vat_processed'),
          c.timestamp('vat_processed_date', true),
          c.text('rejection_reason'),
          c.text('search_key', false),
          c.timestamp('date_created'),
          c.timestamp('last_updated'),
        ],
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
