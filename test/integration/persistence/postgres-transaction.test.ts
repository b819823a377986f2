import { Pool, PoolClient } from 'pg';
import { QueryFailedError } from 'typeorm';
import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/database';
import { createDataSource } from '../../../adapters/persistence/typeorm/data-source';
import { TestDatabase, testDatabases } from '../../support/databases';

/**
 * A Postgres transaction's `START TRANSACTION` travels with its first
 * statement (one Sync for both), so that a create's five round trips are
 * four. What must hold: the statements run in one transaction, all or
 * nothing; a failure at any point leaves the connection fit for the next
 * transaction, its prepared statements filed right; TypeORM's own
 * statements join the transaction; a serializable one is serializable.
 *
 * Round trips are counted as the server's ReadyForQuery answers, one per Sync.
 */
const postgres = testDatabases().filter((factory) => factory.name === 'postgres');
const describeOnPostgres = postgres.length > 0 ? describe : describe.skip;

describeOnPostgres('a Postgres transaction', () => {
  let database: TestDatabase;
  let db: TypeOrmDatabase;
  /** ReadyForQuery answers since the last `reset`, on every connection the pool handed out. */
  let roundTrips = 0;

  beforeAll(async () => {
    database = await postgres[0].create();
    const dataSource = createDataSource({ url: database.url, dataDir: database.dataDir, schema: database.schema });
    await dataSource.initialize();
    db = new TypeOrmDatabase(dataSource, 'postgres');
    const pool = (dataSource.driver as unknown as { master: Pool }).master;
    const counted = new WeakSet<PoolClient>();
    pool.on('acquire', (client) => {
      if (counted.has(client)) return;
      counted.add(client);
      (client as unknown as { connection: NodeJS.EventEmitter }).connection.on('readyForQuery', () => roundTrips++);
    });
    await db.execute(db.sql('CREATE TABLE probes (id integer PRIMARY KEY, note text NOT NULL)'));
  });

  afterAll(async () => {
    await db.close();
    await database.dispose();
  });

  beforeEach(async () => {
    await db.execute(db.sql('DELETE FROM probes'));
    roundTrips = 0;
  });

  const idOf = async (): Promise<string> => String((await db.select([db.sql('SELECT txid_current()::text AS id')]))[0][0].id);
  const notes = async (): Promise<string[]> =>
    (await db.select([db.sql('SELECT note FROM probes ORDER BY id')]))[0].map((row) => String(row.note));

  it('runs its first statement in the transaction, in the round trip that opens it', async () => {
    const ids = await db.transaction(async () => [await idOf(), await idOf()]);
    expect(ids[0]).toBe(ids[1]);
    // The two statements and the COMMIT; TypeORM's transaction sent START TRANSACTION in a round trip of its own.
    expect(roundTrips).toBe(3);
    // Outside a transaction, each statement is a transaction of its own.
    expect(await idOf()).not.toBe(await idOf());
  });

  it('sends nothing, not even a COMMIT, for a transaction that reads and writes nothing', async () => {
    expect(await db.transaction(async () => 'nothing sent')).toBe('nothing sent');
    expect(roundTrips).toBe(0);
  });

  it('commits all of it or none of it: a failure after the first statement undoes the first', async () => {
    const failing = db.transaction(async () => {
      await db.execute(db.sql("INSERT INTO probes (id, note) VALUES (1, 'first')"));
      await db.execute(db.sql("INSERT INTO probes (id, note) VALUES (1, 'same key')"));
    });
    await expect(failing).rejects.toBeInstanceOf(QueryFailedError);
    expect(await notes()).toEqual([]);

    await db.transaction(async () => {
      await db.execute(db.sql("INSERT INTO probes (id, note) VALUES (1, 'first')"));
      await db.execute(db.sql("INSERT INTO probes (id, note) VALUES (2, 'second')"));
    });
    expect(await notes()).toEqual(['first', 'second']);
  });

  it('undoes the first statement when the work fails after it without a database error', async () => {
    const failing = db.transaction(async () => {
      await db.execute(db.sql("INSERT INTO probes (id, note) VALUES (1, 'first')"));
      throw new Error('the work gave up');
    });
    await expect(failing).rejects.toThrow('the work gave up');
    expect(await notes()).toEqual([]);
  });

  it('files a statement first prepared with the start as prepared: the next transactions on the connection reuse it', async () => {
    // The pool hands the same idle connection back to work done one after the other.
    const insert = (id: number) => db.sql('INSERT INTO probes (id, note) VALUES (:id, :note)', { id, note: `note ${id}` });
    for (const id of [1, 2, 3]) await db.transaction(() => db.execute(insert(id)));
    expect(await notes()).toEqual(['note 1', 'note 2', 'note 3']);
    // Each an INSERT sent with its START TRANSACTION, then a COMMIT.
    expect(roundTrips).toBe(3 * 2 + 1);
  });

  it('leaves the connection fit for use when the first statement fails, in its parse or in its run', async () => {
    const missing = db.sql('SELECT note FROM not_yet_there WHERE id = :id', { id: 1 });
    await expect(db.transaction(() => db.read([missing]))).rejects.toBeInstanceOf(QueryFailedError);
    await expect(db.transaction(() => db.execute(db.sql("INSERT INTO probes (id, note) VALUES (1, NULL)")))).rejects.toBeInstanceOf(
      QueryFailedError,
    );
    // The statement that failed to parse was not filed as prepared: once its table exists, it runs.
    await db.execute(db.sql("CREATE TABLE not_yet_there (id integer PRIMARY KEY, note text)"));
    await db.execute(db.sql("INSERT INTO not_yet_there (id, note) VALUES (1, 'there')"));
    const [[row]] = await db.transaction(() => db.select([missing]));
    expect(row.note).toBe('there');
    await db.execute(db.sql('DROP TABLE not_yet_there'));
  });

  it("opens the transaction before TypeORM's own statements, which join it", async () => {
    const ids = await db.transaction(async () => {
      const fromTypeorm = (await db.run((manager) => manager.query('SELECT txid_current()::text AS id'))) as { id: string }[];
      return [fromTypeorm[0].id, await idOf()];
    });
    expect(ids[0]).toBe(ids[1]);
  });

  it('runs a serializable transaction serializable, opened with its first statement too', async () => {
    const [[level]] = await db.transaction(() => db.select([db.sql('SHOW transaction_isolation')]), { serializable: true });
    expect(level.transaction_isolation).toBe('serializable');
    // TypeORM set the level in a round trip of its own after START TRANSACTION.
    expect(roundTrips).toBe(2);
    const [[outside]] = await db.select([db.sql('SHOW transaction_isolation')]);
    expect(outside.transaction_isolation).toBe('read committed');
  });
});
