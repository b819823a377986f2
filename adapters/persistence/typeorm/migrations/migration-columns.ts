import { QueryRunner, TableColumn, TableColumnOptions } from 'typeorm';
import { timestampType } from '../columns';

/** Column shorthands for portable migrations written with TypeORM's Table API. */
export function migrationColumns(queryRunner: QueryRunner) {
  const dialect = queryRunner.connection.options.type === 'postgres' ? 'postgres' : 'sqlite';
  return {
    id: (name = 'id'): TableColumnOptions => ({ name, type: 'varchar', length: '36', isPrimary: true }),
    ref: (name: string, nullable = false): TableColumnOptions => ({ name, type: 'varchar', length: '36', isNullable: nullable }),
    varchar: (name: string, length: number, nullable = true): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: String(length),
      isNullable: nullable,
    }),
    text: (name: string, nullable = true): TableColumnOptions => ({ name, type: 'text', isNullable: nullable }),
    boolean: (name: string, defaultValue = false): TableColumnOptions => ({
      name,
      type: 'boolean',
      default: defaultValue ? 'true' : 'false',
    }),
    bigint: (name: string, nullable = false): TableColumnOptions => ({ name, type: 'bigint', isNullable: nullable }),
    date: (name: string, nullable = true): TableColumnOptions => ({ name, type: 'date', isNullable: nullable }),
    timestamp: (name: string, nullable = false): TableColumnOptions => ({
      name,
      type: timestampType(dialect),
      isNullable: nullable,
    }),
  };
}

/**
 * Adds a nullable column to an existing table. On SQLite, TypeORM's
 * `addColumn` rebuilds the table from what PRAGMA reports of it, and with safe
 * integers on (data-source.ts) it reads every column as NOT NULL; SQLite's own
 * ADD COLUMN changes nothing else, so it is used there.
 */
export async function addNullableColumn(queryRunner: QueryRunner, table: string, column: TableColumnOptions): Promise<void> {
  if (queryRunner.connection.options.type === 'postgres') {
    await queryRunner.addColumn(table, new TableColumn({ ...column, isNullable: true }));
    return;
  }
  const length = column.length ? `(${column.length})` : '';
  await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN "${column.name}" ${column.type}${length}`);
}

/** The reverse of `addNullableColumn`, for the same reason without a rebuild on SQLite. */
export async function dropAddedColumn(queryRunner: QueryRunner, table: string, column: string): Promise<void> {
  if (queryRunner.connection.options.type === 'postgres') {
    await queryRunner.dropColumn(table, column);
    return;
  }
  await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "${column}"`);
}
