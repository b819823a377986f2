import { MigrationInterface, QueryRunner, TableForeignKey } from 'typeorm';

/**
 * Expenses and vendors were created by separate migrations; once both tables
 * exist, Postgres gets the foreign key from an expense to its vendor, the
 * backstop against deleting a vendor while a concurrent transaction books an
 * expense to it. SQLite needs none: it runs one transaction at a time, so the
 * application's in-use check cannot race (and adding a key there would mean
 * rebuilding the table).
 */
export class ExpenseVendorLink1763700000500 implements MigrationInterface {
  name = 'ExpenseVendorLink1763700000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'postgres') return;
    await queryRunner.query('UPDATE expenses SET vendor_id = NULL WHERE vendor_id IS NOT NULL AND vendor_id NOT IN (SELECT id FROM vendors)');
    await queryRunner.createForeignKey(
      'expenses',
      new TableForeignKey({ name: 'fk_expenses_vendor', columnNames: ['vendor_id'], referencedTableName: 'vendors', referencedColumnNames: ['id'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'postgres') return;
    await queryRunner.dropForeignKey('expenses', 'fk_expenses_vendor');
  }
}
