import BetterSqlite3 from 'better-sqlite3';
import { DataSource } from 'typeorm';

/** How long a process waits for another's migrations before it gives up (SQLite). */
const SQLITE_LOCK_WAIT_MS = 300_000;

/**
 * Applies the pending migrations, one process at a time: instances that start
 * together (several hosts, a rolling deploy, `npm run migrate` beside a
 * server) would otherwise each see a migration as pending and apply it twice.
 * Postgres: a session advisory lock, per schema, held while they run; the
 * others wait, then find nothing pending. SQLite: an exclusive transaction on
 * a lock file beside the database (the database's own lock cannot be held
 * while TypeORM writes through its connection).
 *
 * `sqliteFile` is the database file; absent for Postgres or an in-memory database.
 */
export async function migrateExclusively(dataSource: DataSource, sqliteFile?: string): Promise<void> {
  if (dataSource.options.type === 'postgres') {
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query(`SELECT pg_advisory_lock(hashtext('business-api migrations ' || current_schema()))`);
      try {
        await dataSource.runMigrations({ transaction: 'each' });
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtext('business-api migrations ' || current_schema()))`);
      }
    } finally {
      await runner.release();
    }
    return;
  }
  if (!sqliteFile) {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const lock = new BetterSqlite3(`${sqliteFile}.migrations-lock`, { timeout: SQLITE_LOCK_WAIT_MS });
  try {
    lock.exec('BEGIN EXCLUSIVE');
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      lock.exec('COMMIT');
    }
  } finally {
    lock.close();
  }
}
