import BetterSqlite3 from 'better-sqlite3';
import { chmodSync, existsSync } from 'node:fs';
import { BackupError } from './backup-manifest';

/** All the pages left, in one step: better-sqlite3 takes at most this many. */
const EVERY_PAGE = 0x7fffffff;

/**
 * A consistent copy of the SQLite database at `source` into the new file
 * `destination`, while servers keep writing to it: SQLite's online backup API
 * (better-sqlite3's `backup`). The pages go in one step, that is under one
 * read transaction, which in WAL mode holds no writer back; in steps, a write
 * between two of them would restart the copy, and a steady load would keep
 * restarting it. Every transaction committed before the step began is in the
 * copy (it reads the WAL as any reader does), none after.
 *
 * The copy is then made a plain file (rollback journal, no -wal beside it: the
 * server puts it back in WAL mode when it opens it) and checked.
 */
export async function backupSqlite(source: string, destination: string): Promise<void> {
  if (!existsSync(source)) throw new BackupError(`There is no SQLite database at ${source}: check DATA_DIR and DATABASE_URL.`);
  const db = new BetterSqlite3(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(destination, { progress: () => EVERY_PAGE });
  } finally {
    db.close();
  }
  const copy = new BetterSqlite3(destination, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  chmodSync(destination, 0o600); // the organisations' data, as in DATA_DIR
  checkSqliteCopy(destination);
}

/** Throws unless the SQLite file at `file` opens and passes `PRAGMA integrity_check`. */
export function checkSqliteCopy(file: string): void {
  let problems: string[];
  try {
    const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    try {
      problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check);
    } finally {
      db.close();
    }
  } catch (error) {
    throw new BackupError(`The database copy ${file} does not open as a SQLite database (${(error as { code?: string }).code ?? 'unreadable'}).`);
  }
  if (problems.join() !== 'ok') throw new BackupError(`The database copy ${file} fails PRAGMA integrity_check: ${problems.slice(0, 5).join('; ')}`);
}
