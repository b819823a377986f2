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

/**
 * Read through an index that holds the order's first key (a bounded prefix of
 * a long text): in that order, only rows equal in it sorted as they come
 * (Postgres "Incremental Sort", SQLite "TEMP B-TREE FOR LAST n TERMS"), never
 * a scan of the table nor a sort of all the matching rows.
 */
export function expectIndexedInPrefixOrder(plan: string, index: string): void {
  expect(plan).toContain(index);
  expect(plan).toMatch(/Incremental Sort|USE TEMP B-TREE FOR (LAST \d+ TERMS|RIGHT PART) OF ORDER BY/);
  expect(plan).not.toMatch(/^SCAN r$|Seq Scan|TEMP B-TREE FOR ORDER BY|(^|->)\s*Sort\s+\(/m);
}
