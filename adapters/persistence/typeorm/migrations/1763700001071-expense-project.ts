import { MigrationInterface, QueryRunner, TableForeignKey, TableIndex } from 'typeorm';
import { column as c } from '../columns';
import { addColumn, dropAddedColumn } from './migration-columns';

/**
 * An expense names the project it is booked against (issue 43), null for
 * none, with the list filter's index. On Postgres a key scoped to the
 * organisation (`(organisation_id, project_id)` to the project's) backs the
 * in-use check against a concurrent delete and makes another organisation's
 * project impossible; SQLite runs one transaction at a time, and adding a key
 * there would rebuild the table (as for the vendor, migration 500).
 */
export class ExpenseProject1763700001071 implements MigrationInterface {
  name = 'ExpenseProject1763700001071';

  async up(queryRunner: QueryRunner): Promise<void> {
    await addColumn(queryRunner, 'expenses', 'project_id', c.ref().nullable());
    await queryRunner.createIndex('expenses', new TableIndex({ name: 'ix_expenses_project', columnNames: ['organisation_id', 'project_id', 'expense_date', 'id'] }));
    if (queryRunner.connection.options.type !== 'postgres') return;
    await queryRunner.createForeignKey(
      'expenses',
      new TableForeignKey({
        name: 'fk_expenses_project',
        columnNames: ['organisation_id', 'project_id'],
        referencedTableName: 'projects',
        referencedColumnNames: ['organisation_id', 'id'],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'postgres') await queryRunner.dropForeignKey('expenses', 'fk_expenses_project');
    await queryRunner.dropIndex('expenses', 'ix_expenses_project');
    await dropAddedColumn(queryRunner, 'expenses', 'project_id');
  }
}
