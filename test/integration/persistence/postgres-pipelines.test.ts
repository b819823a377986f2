import { Pool } from 'pg';
import { QueryFailedError } from 'typeorm';
import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
import { PostgresPipelines } from '../../../adapters/persistence/typeorm/engine/postgres-pipelines';
import { PostgresStatement } from '../../../adapters/persistence/typeorm/engine/postgres-statements';
import { TestDatabase } from '../../support/databases';
import { countedPostgres, postgresDatabase } from '../../support/postgres-round-trips';

/**
 * Given `DATABASE_PIPELINES`, statements sent outside a transaction go on
 * connections in node-postgres's pipeline mode, each submission written
 * without waiting for the answers before it (postgres-statements). What must hold: every submission gets
 * its own answer, whatever is on the wire beside it; a failure fails only
 * its own submission, even one that took a prepared statement's Parse with
 * it; a slow statement holds up no more than the connection's depth; a
 * lost connection is replaced; closed, they leave the statements to the
 * pool; a transaction whose writes all wait for its commit goes on them
 * whole, as one implicit transaction.
 */
const describeOnPostgres = postgresDatabase ? describe : describe.skip;

describeOnPostgres('Postgres pipelined connections', () => {
  let database: TestDatabase;
  let db: TypeOrmDatabase;
  let pool: Pool;
  const opened: PostgresPipelines[] = [];

  const pipelines = (size: number, depth: number) => {
    const made = new PostgresPipelines(pool, size, depth);
    opened.push(made);
    return made;
  };
  const one = async (on: PostgresPipelines, statement: PostgresStatement) => (await on.query([statement]))[0].rows[0];
  const BACKEND: PostgresStatement = { text: 'SELECT pg_backend_pid() AS pid', values: [] };

  beforeAll(async () => {
    ({ database, db } = await countedPostgres());
    pool = (db.dataSource.driver as unknown as { master: Pool }).master;
  });

  afterAll(async () => {
    await Promise.all(opened.map((made) => made.close()));
    await db.close();
    await database.dispose();
  });

  it('answers each of many submissions sent at once with its own rows, on its few connections', async () => {
    const on = pipelines(2, 64);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, n) => on.query([{ text: 'SELECT $1::int AS n, pg_backend_pid() AS pid', values: [n] }, { text: "SELECT $1::text || '!' AS shout", values: [`n${n}`] }])),
    );
    answers.forEach(([numbered, shouted], n) => {
      expect(numbered.rows[0][0]).toBe(n);
      expect(shouted.rows).toEqual([[`n${n}!`]]);
    });
    expect(new Set(answers.map(([numbered]) => numbered.rows[0][1])).size).toBe(2);
  });

  it('fails a failing submission alone, its neighbours on the wire answered', async () => {
    const on = pipelines(1, 64);
    const [before, failed, after] = await Promise.allSettled([
      one(on, { text: 'SELECT $1::int AS n', values: [1] }),
      one(on, { text: 'SELECT 1 / $1::int AS n', values: [0] }),
      one(on, { text: 'SELECT $1::int AS n', values: [2] }),
    ]);
    expect(before).toEqual({ status: 'fulfilled', value: [1] });
    expect(failed.status).toBe('rejected');
    expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(QueryFailedError);
    expect(String((failed as PromiseRejectedResult).reason.message)).toMatch(/division by zero/);
    expect(after).toEqual({ status: 'fulfilled', value: [2] });
  });

  it('parses a statement again when the submission ahead that parsed it failed before the server read its Parse', async () => {
    const on = pipelines(1, 64);
    const named = (value: number): PostgresStatement => ({ name: 'pipelined_plus_one', text: 'SELECT $1::int + 1 AS n', values: [value] });
    // Sent together: the first submission fails at its first statement, so the server never reads the Parse of
    // its second; the second submission, written before that is known, must not count on it.
    const [failed, second] = await Promise.allSettled([on.query([{ text: 'SELECT 1 / $1::int', values: [0] }, named(1)]), one(on, named(41))]);
    expect(failed.status).toBe('rejected');
    expect(second).toEqual({ status: 'fulfilled', value: [42] });
    expect(await one(on, named(9))).toEqual([10]);
    expect(await one(on, named(99))).toEqual([100]);
  });

  it('sends to the pool what would wait behind a full connection', async () => {
    const on = pipelines(1, 1);
    const finished: string[] = [];
    const slow = one(on, { text: 'SELECT pg_sleep(0.5), pg_backend_pid() AS pid', values: [] }).then((row) => {
      finished.push('slow');
      return row;
    });
    const quick = one(on, BACKEND).then((row) => {
      finished.push('quick');
      return row;
    });
    const [[, slowPid], [quickPid]] = await Promise.all([slow, quick]);
    expect(finished).toEqual(['quick', 'slow']);
    expect(quickPid).not.toBe(slowPid);
  });

  it('replaces a connection that was lost, failing only what it carried', async () => {
    const on = pipelines(1, 64);
    const [lost] = await one(on, BACKEND);
    await pool.query('SELECT pg_terminate_backend($1)', [lost]);
    // The connection's end reaches the client a moment later; whatever is sent until then fails with it.
    let pid: unknown;
    for (let attempt = 0; attempt < 50 && pid === undefined; attempt++) {
      try {
        [pid] = await one(on, BACKEND);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    expect(pid).toEqual(expect.any(Number));
    expect(pid).not.toBe(lost);
    // On a new pipelined connection, not handed to the pool for good.
    const pooled = jest.spyOn(pool, 'query');
    try {
      expect(await one(on, BACKEND)).toEqual([pid]);
      expect(pooled).not.toHaveBeenCalled();
    } finally {
      pooled.mockRestore();
    }
  });

  it('ends its connections when closed, and leaves what is sent after to the pool', async () => {
    const on = pipelines(1, 64);
    const [pid] = await one(on, BACKEND);
    await on.close();
    const [after] = await one(on, BACKEND);
    expect(after).not.toBe(pid);
    const { rows } = await pool.query('SELECT count(*)::int AS alive FROM pg_stat_activity WHERE pid = $1', [pid]);
    expect(rows[0].alive).toBe(0);
  });

  it('settles its answers after the socket reads due in the same turn while told to make way (a transaction holds a connection)', async () => {
    const on = new PostgresPipelines(pool, 1, 64, () => true);
    opened.push(on);
    await one(on, BACKEND); // connected
    const client = await pool.connect();
    try {
      const order: string[] = [];
      // The pipelined answer comes first, the pool's connection's after it...
      const pipelined = on.query([{ text: 'SELECT pg_sleep(0.05)', values: [] }]).then(() => order.push('pipelined'));
      const pooled = client.query('SELECT pg_sleep(0.1)').then(() => order.push('pool'));
      await new Promise((written) => setImmediate(written));
      // ... and both are waiting when the loop next reads its sockets, in one turn.
      const until = Date.now() + 300;
      while (Date.now() < until);
      await Promise.all([pipelined, pooled]);
      expect(order).toEqual(['pool', 'pipelined']);
    } finally {
      client.release();
    }
  });

  it('carries a transaction that only writes at its commit, all of it or none, and takes no pooled connection for it', async () => {
    const given = await countedPostgres({ pipelines: 2 });
    const givenPool = (given.db.dataSource.driver as unknown as { master: Pool }).master;
    try {
      await given.db.execute(given.db.sql('CREATE TABLE probes (id integer PRIMARY KEY, note text NOT NULL)'));
      const insert = (id: number, note = `note ${id}`) => given.db.sql('INSERT INTO probes (id, note) VALUES (:id, :note)', { id, note });
      class Refused extends Error {}
      const refused = () => new Refused('refused');
      let taken = 0;
      givenPool.on('acquire', () => taken++);
      given.roundTrips.count = 0;

      await given.db.transaction(async () => {
        await given.db.execute(insert(1), refused);
        await given.db.execute(insert(2), refused);
      });
      // One round trip. (A failing one's is not counted: its error may be reported before the server's ReadyForQuery is read.)
      expect(given.roundTrips.count).toBe(1);
      const failing = given.db.transaction(async () => {
        await given.db.execute(insert(3), refused);
        await given.db.execute(insert(1, 'same key'), refused);
      });
      await expect(failing).rejects.toBeInstanceOf(Refused);

      expect(taken).toBe(0);
      const [rows] = await given.db.select([given.db.sql('SELECT id, note FROM probes ORDER BY id')]);
      expect(rows).toEqual([
        { id: 1, note: 'note 1' },
        { id: 2, note: 'note 2' },
      ]);
    } finally {
      await given.db.close();
      await given.database.dispose();
    }
  });

  it('carries the reads outside a transaction of a database handle given them, in turn', async () => {
    const given = await countedPostgres({ pipelines: 2 });
    try {
      const pidsOf = async (handle: TypeOrmDatabase) => {
        const pids = new Set<unknown>();
        for (let n = 0; n < 6; n++) pids.add((await handle.select([handle.sql('SELECT pg_backend_pid() AS pid')]))[0][0].pid);
        return pids;
      };
      // Two connections taken in turn, where the pool gives reads one after the other its one idle connection.
      expect((await pidsOf(given.db)).size).toBe(2);
      expect((await pidsOf(db)).size).toBe(1);
    } finally {
      await given.db.close();
      await given.database.dispose();
    }
  });
});
