import { MigrationInterface, QueryRunner } from 'typeorm';
import { SEARCHED } from '../search-index';
import { createSearchIndex, dropSearchIndex } from './migration-search-indexes';

/**
 * Free-text search served by an index instead of a scan of the organisation's
 * rows (a search of 1 000 000 vendors answered nothing within 5 seconds).
 *
 * SQLite: an FTS5 table per searched table, tokenised in trigrams without case
 * folding (the keys are lower-cased already, see search-key.ts), whose content
 * is the table itself (`content=`, rows matched by rowid) and which triggers
 * keep in step. A phrase of three characters or more then matches exactly the
 * keys that contain it. VACUUM may renumber the rowids of these tables: after
 * one, `INSERT INTO vendors_search(vendors_search) VALUES ('rebuild')` (each
 * table) rebuilds the index from the rows.
 *
 * Postgres: a `pg_trgm` GIN index on each key column, which serves the
 * `LIKE '%term%'` the lists already send, rechecking every candidate.
 */
export class SearchIndexes1763700000920 implements MigrationInterface {
  name = 'SearchIndexes1763700000920';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, columns] of Object.entries(SEARCHED)) await createSearchIndex(queryRunner, table, columns);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, columns] of Object.entries(SEARCHED).reverse()) await dropSearchIndex(queryRunner, table, columns);
  }
}
