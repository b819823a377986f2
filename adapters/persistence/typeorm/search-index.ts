import { EntitySchemaIndexOptions } from 'typeorm';
import { searchTerm } from '../search-key';
import { Dialect } from './columns';
import { containing } from './organisation-records';
import { Conditions } from './engine';

/**
 * Free-text search through an index (migration 920): the tables searched,
 * their key columns, and the one condition every list's search uses.
 */

/** The search keys each list's `search` (a lead list's `title`) looks in, per table. */
export const SEARCHED = {
  vendors: ['name_key', 'website_key'],
  clients: ['name_key', 'email_key'],
  expenses: ['search_key'],
  leads: ['title_key'],
} as const satisfies Record<string, readonly string[]>;

export type SearchedTable = keyof typeof SEARCHED;

/** A table's FTS5 index on SQLite. */
export const searchTable = (table: string): string => `${table}_search`;

/** A key column's trigram index on Postgres. */
export const trigramIndex = (table: string, column: string): string => `ix_${table}_${column}_trgm`;

/**
 * The trigram indexes of a table as its entity schema declares them on
 * Postgres: left alone by TypeORM's schema builder (`synchronize: false`),
 * which cannot express an operator class, but known to it, so not dropped.
 */
export function searchIndices(dialect: Dialect, table: string, columns: readonly string[] = SEARCHED[table as SearchedTable]): EntitySchemaIndexOptions[] {
  if (dialect !== 'postgres') return [];
  return columns.map((column) => ({ name: trigramIndex(table, column), columns: [column], synchronize: false }));
}

/** Trigram indexes find terms of three characters and more; shorter ones are looked for row by row. */
const INDEXED_LENGTH = 3;

/**
 * Narrows `conditions` (alias `r` of `table`) to the rows whose search keys
 * contain `term`, as `keyContains` decides in memory. On SQLite a term of
 * three characters or more is an FTS5 phrase: the trigram index matches
 * exactly the keys that contain it, on any of the table's key columns. A
 * shorter term, every term on Postgres (where the trigram index serves LIKE
 * itself), and a search whose conditions ask to scan, is `LIKE '%term%'` on
 * each key column.
 */
export function searchCondition(
  dialect: Dialect,
  conditions: Conditions,
  searched: { table: string; columns: readonly string[] },
  term: string,
  parameter: string,
): Conditions {
  const { table, columns } = searched;
  const key = searchTerm(term);
  if (dialect === 'sqlite' && !conditions.scanSearch && [...key].length >= INDEXED_LENGTH) {
    const fts = searchTable(table);
    conditions.searchIndexed = true;
    return conditions.andWhere(`r.rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH :${parameter})`, {
      [parameter]: `"${key.replace(/"/g, '""')}"`,
    });
  }
  const matches = columns.map((column) => `r.${column} LIKE :${parameter} ESCAPE '\\'`);
  return conditions.andWhere(matches.join(' OR '), { [parameter]: containing(term) });
}
