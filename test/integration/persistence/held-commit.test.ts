import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine';
import { TypeOrmFileRemovals } from '../../../adapters/persistence/typeorm/typeorm-file-removals';
import { testDatabases } from '../../support/databases';
import { openMigratedDatabase } from '../../support/migrated-database';

const NOW = new Date(Date.UTC(2026, 10, 28));
const LATER = new Date(Date.UTC(2026, 10, 29));

/**
 * `holdingCommit`, as an idempotent create uses it: nothing is held before
 * the work opens its transaction (an upload waits outside), and what the work
 * writes then, and after, commits with what `finish` writes, or none of it does.
 * The writes here are rows of `file_removals`, the plainest table to write.
 */
describe.each(testDatabases())('a held commit on $name', (factory) => {
  let db: TypeOrmDatabase;
  let rows: TypeOrmFileRemovals;
  let close: () => Promise<void>;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const target = await factory.create();
    dispose = target.dispose;
    const opened = await openMigratedDatabase(target);
    ({ db, close } = opened);
    rows = new TypeOrmFileRemovals(db);
  });

  afterAll(async () => {
    await close();
    await dispose();
  });

  const keys = async () => (await rows.due(LATER, 100)).map((row) => row.key).sort();

  it('holds no transaction while the work waits before its write: another write meanwhile is not held up', async () => {
    let upload!: () => void;
    const uploaded = new Promise<void>((resolve) => (upload = resolve));
    const held = db.holdingCommit(
      async () => {
        await uploaded;
        await db.transaction(() => rows.add('receipts', 'org-1/written.pdf', NOW));
      },
      () => rows.add('receipts', 'org-1/answer.pdf', NOW),
    );
    // Were the work in a transaction already, this write would wait for it (SQLite's one writer), and it for this.
    await rows.add('receipts', 'org-1/meanwhile.pdf', NOW);
    upload();
    await held;
    expect(await keys()).toEqual(expect.arrayContaining(['org-1/answer.pdf', 'org-1/meanwhile.pdf', 'org-1/written.pdf']));
  });

  it('commits what the work wrote, in and after its transaction, with what finish writes, or rolls all of it back', async () => {
    const work = (prefix: string) => async () => {
      await db.transaction(() => rows.add('pictures', `${prefix}/first.png`, NOW));
      // After the work's transaction: it joins the held one.
      await db.transaction(() => rows.add('pictures', `${prefix}/second.png`, NOW));
      await rows.add('pictures', `${prefix}/third.png`, NOW);
      return prefix;
    };
    await expect(db.holdingCommit(work('kept'), () => rows.add('pictures', 'kept/answer.png', NOW))).resolves.toBe('kept');
    await expect(db.holdingCommit(work('undone'), () => Promise.reject(new Error('no answer')))).rejects.toThrow('no answer');
    const written = await keys();
    expect(written).toEqual(expect.arrayContaining(['kept/answer.png', 'kept/first.png', 'kept/second.png', 'kept/third.png']));
    expect(written.filter((key) => key.startsWith('undone/'))).toEqual([]);
  });

  it('runs finish in a transaction of its own when the work opened none', async () => {
    await db.holdingCommit(async () => 'refused', () => rows.add('pictures', 'alone/answer.png', NOW));
    expect(await keys()).toContain('alone/answer.png');
  });
});
