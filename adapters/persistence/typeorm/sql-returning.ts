import { SqlQuery, TypeOrmDatabase } from './engine';

/** The rows of an `UPDATE … RETURNING` (an outbox's claim), in the current transaction if one is open. */
export async function rowsReturned(db: TypeOrmDatabase, query: SqlQuery): Promise<Record<string, unknown>[]> {
  const result = (await db.run((manager) => manager.query(query.sql, query.parameters))) as unknown;
  // TypeORM answers an UPDATE … RETURNING as [rows, count] on Postgres and as the rows on SQLite.
  const rows = Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result;
  return rows as Record<string, unknown>[];
}
