import BetterSqlite3 from 'better-sqlite3';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyTree } from '../../../adapters/backup/file-tree';
import { backupSqlite, checkSqliteCopy } from '../../../adapters/backup/sqlite-backup';

/** The pieces `npm run backup` is made of, on real files (the command itself: test/e2e/backup.e2e.test.ts). */
describe('the copy of a SQLite database in WAL mode', () => {
  let dir: string;
  let live: BetterSqlite3.Database;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'backup-copy-'));
    live = new BetterSqlite3(path.join(dir, 'app.db'));
    live.pragma('journal_mode = WAL');
    live.pragma('wal_autocheckpoint = 0'); // every write stays in the WAL, as the latest ones of a busy server do
    live.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    const insert = live.prepare('INSERT INTO notes (text) VALUES (?)');
    live.transaction(() => {
      for (let n = 0; n < 2000; n++) insert.run(`note ${n} ${'x'.repeat(200)}`);
    })();
  });

  afterEach(() => {
    live.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const countIn = (file: string) => {
    const db = new BetterSqlite3(file, { readonly: true });
    try {
      return Number((db.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n);
    } catch {
      return 0; // the table is not even there
    } finally {
      db.close();
    }
  };

  it('holds every committed write, those still in the WAL too, and stands alone as one file', async () => {
    await backupSqlite(path.join(dir, 'app.db'), path.join(dir, 'copy.db'));
    live.prepare('INSERT INTO notes (text) VALUES (?)').run('after the copy');

    expect(readdirSync(dir).filter((name) => name.startsWith('copy.db'))).toEqual(['copy.db']);
    expect(countIn(path.join(dir, 'copy.db'))).toBe(2000);
    expect(() => checkSqliteCopy(path.join(dir, 'copy.db'))).not.toThrow();
    // What the backup API is for: a copy of the file alone misses what is still in the WAL.
    copyFileSync(path.join(dir, 'app.db'), path.join(dir, 'plain.db'));
    expect(countIn(path.join(dir, 'plain.db'))).toBeLessThan(2000);
  });

  it('ends under a steady stream of writes by another connection', async () => {
    const writer = new BetterSqlite3(path.join(dir, 'app.db'));
    const insert = writer.prepare('INSERT INTO notes (text) VALUES (?)');
    let writing = true;
    // A write at every turn of the event loop: in steps of 100 pages, the backup would start over after each.
    const write = () => {
      if (!writing) return;
      insert.run('during the copy');
      setImmediate(write);
    };
    setImmediate(write);
    try {
      await backupSqlite(path.join(dir, 'app.db'), path.join(dir, 'copy.db'));
    } finally {
      writing = false;
      writer.close();
    }
    expect(countIn(path.join(dir, 'copy.db'))).toBeGreaterThanOrEqual(2000);
  });

  it('refuses a file that is not a SQLite database, naming it', () => {
    writeFileSync(path.join(dir, 'broken.db'), 'not a database at all, not even a header of one');
    expect(() => checkSqliteCopy(path.join(dir, 'broken.db'))).toThrow(/broken\.db/);
  });
});

describe('the copy of the stored files', () => {
  let dir: string;

  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'backup-files-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('copies the whole files, leaves out those being written, and copies again only what is new', () => {
    const from = path.join(dir, 'receipts');
    mkdirSync(path.join(from, 'org-1', 'ab'), { recursive: true });
    writeFileSync(path.join(from, 'org-1', 'ab', 'one.pdf'), 'one');
    writeFileSync(path.join(from, 'org-1', 'ab', 'two.pdf.partial'), 'half');
    const to = path.join(dir, 'backup', 'receipts');

    expect(copyTree(from, to)).toBe(1);
    expect(readdirSync(path.join(to, 'org-1', 'ab'))).toEqual(['one.pdf']);
    writeFileSync(path.join(from, 'org-1', 'ab', 'three.pdf'), 'three');
    expect(copyTree(from, to)).toBe(1);
    expect(readdirSync(path.join(to, 'org-1', 'ab')).sort()).toEqual(['one.pdf', 'three.pdf']);
    expect(copyTree(path.join(dir, 'absent'), path.join(dir, 'backup', 'pictures'))).toBe(0);
  });
});
