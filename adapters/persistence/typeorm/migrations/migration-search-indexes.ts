import { QueryRunner } from 'typeorm';
import { queryRunnerDialect } from '../columns';
import { searchTable, trigramIndex } from '../search-index';

/**
 * The search index of a table's key columns (migration 920 says why): an
 * FTS5 table kept in step by triggers on SQLite, a `pg_trgm` GIN index per
 * column on Postgres. Filled from the rows already there.
 */
export async function createSearchIndex(queryRunner: QueryRunner, table: string, columns: readonly string[]): Promise<void> {
  if (queryRunnerDialect(queryRunner) === 'postgres') {
    const schema = await trigramSchema(queryRunner);
    for (const column of columns) {
      await queryRunner.query(`CREATE INDEX ${trigramIndex(table, column)} ON ${table} USING gin (${column} ${schema}.gin_trgm_ops)`);
    }
    return;
  }
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

/** The reverse of `createSearchIndex`. */
export async function dropSearchIndex(queryRunner: QueryRunner, table: string, columns: readonly string[]): Promise<void> {
  if (queryRunnerDialect(queryRunner) === 'postgres') {
    for (const column of columns) await queryRunner.query(`DROP INDEX ${trigramIndex(table, column)}`);
    return;
  }
  const fts = searchTable(table);
  for (const event of ['insert', 'delete', 'update']) await queryRunner.query(`DROP TRIGGER tr_${fts}_${event}`);
  await queryRunner.query(`DROP TABLE ${fts}`);
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
