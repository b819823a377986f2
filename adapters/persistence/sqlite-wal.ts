/** What `enableWriteAheadLog` needs of a better-sqlite3 connection. */
interface SqliteConnection {
  pragma(statement: string, options?: { simple: boolean }): unknown;
}

/** How long a connection keeps trying to switch a new database file to WAL while another process does the same. */
const WAL_SWITCH_WAIT_MS = 5_000;

/**
 * Puts the database file in WAL mode. On a new file the switch writes its
 * header under an exclusive lock; when two processes open the same new file
 * at once (two instances started together on one data directory), each holds
 * a shared lock while asking for the exclusive one, and SQLite refuses one of
 * them at once with SQLITE_BUSY, without waiting the busy timeout (waiting
 * would deadlock). That one tries again, with pauses, and then finds the file
 * already in WAL mode. Returns the journal mode the file is in ('memory' for
 * an in-memory database).
 */
export function enableWriteAheadLog(db: SqliteConnection, waitMs = WAL_SWITCH_WAIT_MS): string {
  const deadline = Date.now() + waitMs;
  for (let pause = 1; ; pause = Math.min(pause * 2, 50)) {
    try {
      return String(db.pragma('journal_mode = WAL', { simple: true }));
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
      sleep(pause);
    }
  }
}

/** Blocks the thread: a database is opened before the process serves anything. */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
