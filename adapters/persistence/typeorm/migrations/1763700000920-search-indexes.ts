import { MigrationInterface, QueryRunner } from 'typeorm';
import { queryRunnerDialect } from '../columns';
import { SEARCHED, searchTable, trigramIndex } from '../search-index';

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
    if (queryRunnerDialect(queryRunner) === 'postgres') {
      const schema = await trigramSchema(queryRunner);
      for (const [table, columns] of Object.entries(SEARCHED)) {
        for (const column of columns) {
          await queryRunner.query(`CREATE INDEX ${trigramIndex(table, column)} ON ${table} USING gin (${column} ${schema}.gin_trgm_ops)`);
        }
      }
      return;
    }
    for (const [table, columns] of Object.entries(SEARCHED)) {
      const fts = searchTable(table);
      const list = columns.join(', ');
      const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
      await queryRunner.query(
        `CREATE VIRTUAL TABLE ${fts} USING fts5(${list}, content = '${table}', content_rowid = 'rowid', tokenize = 'trigram case_sensitive 1')`,
      );
      await queryRunner.query(`
        CREATE TRIGGER tr_${fts}_insert AFTER INSERT ON ${table} BEGIN
          INSERT INTO ${fts} (rowid, ${list}) VALUES (new.rowid, ${values('new')});
        END`);
      await queryRunner.query(`
        CREATE TRIGGER tr_${fts}_delete AFTER DELETE ON ${table} BEGIN
          INSERT INTO ${fts} (${fts}, rowid, ${list}) VALUES ('delete', old.rowid, ${values('old')});
        END`);
      await queryRunner.query(`
        CREATE TRIGGER tr_${fts}_update AFTER UPDATE OF ${list} ON ${table} BEGIN
          INSERT INTO ${fts} (${fts}, rowid, ${list}) VALUES ('delete', old.rowid, ${values('old')});
          INSERT INTO ${fts} (rowid, ${list}) VALUES (new.rowid, ${values('new')});
        END`);
      await queryRunner.query(`INSERT INTO ${fts} (${fts}) VALUES ('rebuild')`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunnerDialect(queryRunner) === 'postgres';
    for (const [table, columns] of Object.entries(SEARCHED).reverse()) {
      if (postgres) {
        for (const column of columns) await queryRunner.query(`DROP INDEX ${trigramIndex(table, column)}`);
        continue;
      }
      const fts = searchTable(table);
      for (const event of ['insert', 'delete', 'update']) await queryRunner.query(`DROP TRIGGER tr_${fts}_${event}`);
      await queryRunner.query(`DROP TABLE ${fts}`);
    }
  }
}

/**
 * The schema holding `pg_trgm`'s operator classes. An extension belongs to the
 * whole database and lives in one schema: where it already is, or `public`
 * when it is new (not the connection's own schema, which may be dropped with
 * everything in it, as the tests drop theirs).
 */
async function trigramSchema(queryRunner: QueryRunner): Promise<string> {
  const find = async (): Promise<string | undefined> => {
    const rows: { schema: string }[] = await queryRunner.query(
      "SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'",
    );
    return rows[0]?.schema;
  };
  // Migrations of several schemas may run at once (the tests' do): one creates the extension.
  await queryRunner.query("SELECT pg_advisory_xact_lock(hashtext('pg_trgm extension'))");
  const existing = await find();
  if (existing) return quoteIdentifier(existing);
  await queryRunner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
  return quoteIdentifier((await find()) ?? 'public');
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
