import { QueryRunner, TableColumnOptions } from 'typeorm';
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
