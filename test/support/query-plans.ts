import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { TypeOrmDatabase } from '../../adapters/persistence/typeorm/engine/database';
import { SqlQuery } from '../../adapters/persistence/typeorm/engine/sql';

/** The engine's plan of a query, as text: one line per step. */
export async function queryPlan(database: TypeOrmDatabase, query: SqlQuery | SelectQueryBuilder<ObjectLiteral>): Promise<string> {
  const [sql, parameters] = 'getQueryAndParameters' in query ? query.getQueryAndParameters() : [query.sql, query.parameters];
  if (database.dialect === 'sqlite') {
    const rows: { detail: string }[] = await database.dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, parameters);
    return rows.map((row) => row.detail).join('\n');
  }
  const rows: { 'QUERY PLAN': string }[] = await database.dataSource.query(`EXPLAIN ${sql}`, parameters);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/**
 * Read through the index, in the index's order: no full scan of the table
 * (SQLite "SCAN r", Postgres "Seq Scan") and no sort of the matching rows.
 */
export function expectIndexedInOrder(plan: string, index: string): void {
  expect(plan).toContain(index);
  expect(plan).not.toMatch(/^SCAN r$|Seq Scan|TEMP B-TREE|\bSort\b/m);
}
