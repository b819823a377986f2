import { QueryRunner, TableColumn } from 'typeorm';
import { Column, queryRunnerDialect } from '../columns';

/**
 * Adds a column to an existing table: a nullable one, or a NOT NULL one with
 * a default (the only kinds SQLite adds). On SQLite, TypeORM's `addColumn`
 * rebuilds the table from what PRAGMA reports of it, and with safe integers
 * on (data-source.ts) it reads every column as NOT NULL; SQLite's own ADD
 * COLUMN changes nothing else, so it is used there.
 */
export async function addColumn(queryRunner: QueryRunner, table: string, name: string, column: Column<unknown>): Promise<void> {
  const options = column.forTable(name, queryRunnerDialect(queryRunner));
  if (queryRunner.connection.options.type === 'postgres') {
    await queryRunner.addColumn(table, new TableColumn(options));
    return;
  }
  const length = options.length ? `(${options.length})` : '';
  const notNull = options.isNullable ? '' : ` NOT NULL DEFAULT ${options.default ?? 'NULL'}`;
  await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "${name}" ${options.type}${length}${notNull}`);
}

/** The reverse of `addColumn`, for the same reason without a rebuild on SQLite. */
export async function dropAddedColumn(queryRunner: QueryRunner, table: string, column: string): Promise<void> {
  if (queryRunner.connection.options.type === 'postgres') {
    await queryRunner.dropColumn(table, column);
    return;
  }
  await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "${column}"`);
}
