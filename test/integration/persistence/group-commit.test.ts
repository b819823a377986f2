import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
import { createDataSource } from '../../../adapters/persistence/typeorm/data-source';
import { SqliteGroupCommit } from '../../../adapters/persistence/typeorm/engine/sqlite-group-commit';
import { actingContext } from '../../../adapters/system/acting-context';

/**
 * SQLite commits writers in groups: units of work that wait for the writer
 * share one COMMIT. Each is still all-or-nothing on its own, and none is
 * acknowledged before its group is durable.
 */
describe('SQLite group commit', () => {
  let dir: string;
  let db: TypeOrmDatabase;
  let observer: BetterSqlite3.Database;

  const insert = (id: string) => db.run((m) => m.query('INSERT INTO scratch (id) VALUES (?)', [id]));
  const committed = (id: string) => observer.prepare('SELECT COUNT(*) AS n FROM scratch WHERE id = ?').get(id) as { n: number };

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'group-commit-'));
    const dataSource = createDataSource({ url: `sqlite://${path.join(dir, 'app.db')}`, dataDir: dir });
    await dataSource.initialize();
    await dataSource.query('CREATE TABLE scratch (id TEXT PRIMARY KEY)');
    db = new TypeOrmDatabase(dataSource, 'sqlite');
    observer = new BetterSqlite3(path.join(dir, 'app.db'), { readonly: true });
  });

  afterEach(async () => {
    observer.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('acknowledges each unit only once another connection can read what it wrote', async () => {
    const seenAtAcknowledgement = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        db.transaction(async () => {
          await insert(`a${n}`);
          await insert(`b${n}`);
        }).then(() => committed(`a${n}`).n + committed(`b${n}`).n),
      ),
    );
    expect(seenAtAcknowledgement).toEqual(Array(40).fill(2));
  });

  it('rolls back a failing unit alone, whole, and still commits the others of its group', async () => {
    await insert('taken');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, n) =>
        db.transaction(async () => {
          await insert(`first-${n}`);
          if (n === 4) await insert('taken'); // a unique violation half-way through this unit
          await insert(`second-${n}`);
        }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(outcomes.map((_, n) => (n === 4 ? 'rejected' : 'fulfilled')));
    expect(committed('first-4').n + committed('second-4').n).toBe(0);
    for (const n of [0, 1, 2, 3, 5, 6, 7, 8, 9]) expect(committed(`first-${n}`).n + committed(`second-${n}`).n).toBe(2);
  });

  it('shares commits between units that waited for the writer', async () => {
    const statements: string[] = [];
    db.dataSource.setOptions({ logging: true, logger: { logQuery: (sql: string) => statements.push(sql), logQueryError() {}, logQuerySlow() {}, logSchemaBuild() {}, logMigration() {}, log() {} } });
    await Promise.all(Array.from({ length: 20 }, (_, n) => db.transaction(() => insert(`c${n}`))));
    const commits = statements.filter((sql) => sql === 'COMMIT').length;
    expect(commits).toBeGreaterThanOrEqual(1);
    expect(commits).toBeLessThan(20);
    expect((observer.prepare("SELECT COUNT(*) AS n FROM scratch WHERE id LIKE 'c%'").get() as { n: number }).n).toBe(20);
  });

  it("runs each unit of a group as the person who asked for it, whoever's request opened the group", async () => {
    const statements: string[] = [];
    db.dataSource.setOptions({ logging: true, logger: { logQuery: (sql: string) => statements.push(sql), logQueryError() {}, logQuerySlow() {}, logSchemaBuild() {}, logMigration() {}, log() {} } });
    const people = Array.from({ length: 12 }, (_, n) => `person-${n}`);
    const seen = await Promise.all(
      people.map((personId, n) =>
        actingContext.run({ personId }, () =>
          db.transaction(async () => {
            await insert(`acted-${n}`);
            return actingContext.current()?.personId;
          }),
        ),
      ),
    );
    expect(statements.filter((sql) => sql === 'COMMIT').length).toBeLessThan(people.length);
    expect(seen).toEqual(people);
  });

  it('runs a bulk unit (an import) as a transaction of its own between the groups of the units around it, in no savepoint', async () => {
    const statements: string[] = [];
    const logQuery = (sql: string, parameters?: unknown[]) => statements.push(sql.startsWith('INSERT') ? `INSERT ${String(parameters?.[0])}` : sql);
    db.dataSource.setOptions({ logging: true, logger: { logQuery, logQueryError() {}, logQuerySlow() {}, logSchemaBuild() {}, logMigration() {}, log() {} } });
    const small = (prefix: string) => Array.from({ length: 8 }, (_, n) => db.transaction(() => insert(`${prefix}${n}`)));
    await Promise.all([
      ...small('before-'),
      db.transaction(
        async () => {
          for (let n = 0; n < 50; n++) await insert(`bulk-${n}`);
        },
        { bulk: true },
      ),
      ...small('after-'),
    ]);
    // The bulk unit's 50 inserts, together, after a BEGIN of their own and before a COMMIT of their own.
    const bulkStart = statements.indexOf('INSERT bulk-0');
    const bulkEnd = statements.indexOf('INSERT bulk-49');
    expect(statements.slice(bulkStart, bulkEnd + 1)).toEqual(Array.from({ length: 50 }, (_, n) => `INSERT bulk-${n}`));
    expect(statements[bulkStart - 1]).toBe('BEGIN IMMEDIATE TRANSACTION');
    expect(statements[bulkEnd + 1]).toBe('COMMIT');
    // The units around it still share their commits.
    expect(statements.filter((sql) => sql === 'COMMIT').length).toBeLessThan(1 + 16);
    expect((observer.prepare('SELECT COUNT(*) AS n FROM scratch').get() as { n: number }).n).toBe(66);
  });

  it('rolls a failing bulk unit back whole, and commits the units around it', async () => {
    await insert('taken');
    const outcomes = await Promise.allSettled([
      db.transaction(() => insert('before')),
      db.transaction(
        async () => {
          await insert('bulk-first');
          await insert('taken'); // a unique violation half-way through
        },
        { bulk: true },
      ),
      db.transaction(() => insert('after')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committed('bulk-first').n).toBe(0);
    expect(committed('before').n + committed('after').n).toBe(2);
  });

  it('lets a request received while a bulk unit ran write before the bulk unit that follows it', async () => {
    const order: string[] = [];
    const bulkUnit = (n: number) =>
      db.transaction(
        async () => {
          // A chunk's synchronous work: the loop does not turn while it runs.
          const until = performance.now() + 20;
          while (performance.now() < until);
          await insert(`bulk-${n}`);
        },
        { bulk: true },
      );
    const chunks = (async () => {
      for (let n = 0; n < 5; n++) {
        await bulkUnit(n);
        order.push(`bulk-${n}`);
      }
    })();
    // Arrives (as a request's I/O would) while the first chunk runs.
    const request = new Promise((resolve) => setTimeout(resolve, 5))
      .then(() => insert('request'))
      .then(() => order.push('request'));
    await Promise.all([chunks, request]);
    expect(order.indexOf('request')).toBeLessThanOrEqual(2);
    expect(order).toHaveLength(6);
  });

  it('keeps a unit that runs on its own as durable as before: one unit, one commit', async () => {
    await db.transaction(() => insert('alone'));
    expect(committed('alone').n).toBe(1);
  });

  it('writes through to the disk at each commit, keeps the journal of a unit\'s savepoint in memory, not in a temporary file, and keeps few pages', async () => {
    const pragma = async (name: string) => Number(Object.values((await db.dataSource.query(`PRAGMA ${name}`))[0] as object)[0]);
    expect(await pragma('synchronous')).toBe(2); // FULL
    expect(await pragma('temp_store')).toBe(2); // MEMORY
    // Pages kept by the writer: SQLite's 2 MiB, not the 16 better-sqlite3 opens connections with.
    expect(await pragma('cache_size')).toBe(-2000);
  });

  it('sends a statement through as many calls after 2 000 commits as after 10: the writer does not wear with age', async () => {
    // A wrapper once added per group nested each statement one call deeper per commit, until writes failed
    // with "Maximum call stack size exceeded" after some 10 000 commits.
    await db.dataSource.query('PRAGMA synchronous = OFF'); // this test is about the writer, not about the disk
    const depths: number[] = [];
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = Infinity;
    db.dataSource.setOptions({
      logging: true,
      logger: {
        logQuery: (sql: string) => void (sql.startsWith('INSERT INTO scratch') && depths.push(new Error().stack!.split('\n').length)),
        logQueryError() {},
        logQuerySlow() {},
        logSchemaBuild() {},
        logMigration() {},
        log() {},
      },
    });
    try {
      for (let n = 0; n < 2_000; n++) await db.transaction(() => insert(`long-${n}`));
    } finally {
      Error.stackTraceLimit = limit;
    }
    expect(depths).toHaveLength(2_000);
    // A statement takes one of a few paths (alone, or queued behind a group under way), each of its own
    // depth; the wearing writer went one call deeper with every commit, some 2 000 deeper by the end.
    expect(Math.max(...depths.slice(-100))).toBeLessThanOrEqual(Math.max(...depths.slice(0, 100)));
    expect((observer.prepare("SELECT COUNT(*) AS n FROM scratch WHERE id LIKE 'long-%'").get() as { n: number }).n).toBe(2_000);
  });

  it('acknowledges a writer without waiting for the group to fill while other writers keep arriving between slow reads', async () => {
    const writer = new SqliteGroupCommit(db.dataSource, 64, 10);
    let submitted = 0;
    let submittedAtFirstAcknowledgement = -1;
    const first = writer.submit((m) => m.query('INSERT INTO scratch (id) VALUES (?)', ['first']));
    void first.then(() => (submittedAtFirstAcknowledgement = submitted));
    const others: Promise<unknown>[] = [];
    // Each turn of the event loop brings one more writer after 5 ms of other work (a page of reads, say).
    while (submitted < 64) {
      await new Promise((resolve) => setImmediate(resolve));
      const until = Date.now() + 5;
      while (Date.now() < until); // busy, as a request being served is
      others.push(writer.submit((m) => m.query('INSERT INTO scratch (id) VALUES (?)', [`stream-${submitted}`])));
      submitted += 1;
    }
    await Promise.all([first, ...others]);
    // Without a time limit the group took writers until it was full (64); with it, the first is committed after a few.
    expect(submittedAtFirstAcknowledgement).toBeGreaterThanOrEqual(0);
    expect(submittedAtFirstAcknowledgement).toBeLessThan(16);
    expect(committed('first').n).toBe(1);
  });
});
