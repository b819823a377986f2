import { Client } from 'pg';
import { QueryFailedError } from 'typeorm';
import { isUniqueViolation, TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine';
import { forHydration } from '../../../adapters/persistence/typeorm/engine/sql';
import { TestDatabase } from '../../support/databases';
import { CountedPostgres, countedPostgres, postgresDatabase } from '../../support/postgres-round-trips';

/**
 * What goes to Postgres in one round trip (one Sync): the statements of one
 * read (a list's count and its page), in one snapshot; a transaction's
 * `START TRANSACTION` with its first statements; a write held back with what
 * follows it, the `COMMIT` at the latest; a transaction that sends nothing
 * but writes held to its commit, those writes alone, as one implicit
 * transaction. A create's five round trips are three. What must hold: each statement's rows, read by its columns'
 * parsers; a transaction's statements all or nothing; a failure reported as
 * TypeORM reports a statement's, naming it, or as a held write's writer
 * reads it; the connection fit for use after any failure, its prepared
 * statements filed right; TypeORM's own statements join the transaction; a
 * serializable one is serializable.
 *
 * Round trips are counted as the server's ReadyForQuery answers, one per Sync.
 */
const describeOnPostgres = postgresDatabase ? describe : describe.skip;

describeOnPostgres('Postgres round trips', () => {
  let database: TestDatabase;
  let db: TypeOrmDatabase;
  let roundTrips: CountedPostgres['roundTrips'];

  beforeAll(async () => {
    ({ database, db, roundTrips } = await countedPostgres());
    await db.execute(db.sql('CREATE TABLE probes (id integer PRIMARY KEY, note text NOT NULL)'));
  });

  afterAll(async () => {
    await db.close();
    await database.dispose();
  });

  beforeEach(async () => {
    await db.execute(db.sql('DELETE FROM probes'));
    roundTrips.count = 0;
  });

  describe('the statements of one read', () => {
    const transactionId = () => db.sql('SELECT txid_current()::text AS id');
    const count = () => db.sql('SELECT COUNT(*)::int AS count FROM probes');
    const page = () => db.sql('SELECT id, note FROM probes ORDER BY id');

    it('reads several statements in one round trip, as one snapshot', async () => {
      await db.execute(db.sql("INSERT INTO probes (id, note) VALUES (1, 'one'), (2, 'two')"));
      roundTrips.count = 0;

      const [[counted], rows, [first], [second]] = await db.select([count(), page(), transactionId(), transactionId()]);

      expect(counted.count).toBe(2);
      expect(rows).toEqual([
        { id: 1, note: 'one' },
        { id: 2, note: 'two' },
      ]);
      // One implicit transaction for all four: the same transaction id.
      expect(first.id).toBe(second.id);
      expect(roundTrips.count).toBe(1);
      // Reads sent on their own are each a transaction of their own.
      const [[alone]] = await db.select([transactionId()]);
      expect(alone.id).not.toBe(first.id);
    });

    it('sends a transaction’s first reads together with its START TRANSACTION', async () => {
      const [[counted], [first], [second]] = await db.transaction(() => db.select([count(), transactionId(), transactionId()]));
      expect(counted.count).toBe(0);
      expect(first.id).toBe(second.id);
      // START TRANSACTION and the three reads, then the COMMIT.
      expect(roundTrips.count).toBe(2);
    });

    it('reads each column by its type: numbers, nulls, and dates as their text for rows to hydrate', async () => {
      const text = "SELECT 7::int AS whole, 2.50::numeric AS exact, NULL::text AS nothing, DATE '2026-02-28' AS day";
      const [plain] = await db.read([db.sql(text)]);
      expect(plain.columns).toEqual(['whole', 'exact', 'nothing', 'day']);
      expect(plain.rows[0].slice(0, 3)).toEqual([7, '2.50', null]);
      expect(plain.rows[0][3]).toBeInstanceOf(Date);
      const [hydrated] = await db.read([forHydration(db.sql(text))]);
      expect(hydrated.rows[0][3]).toBe('2026-02-28');
    });

    it('reports the statement that failed, as TypeORM would, and none of the others commits', async () => {
      const insert = db.sql("INSERT INTO probes (id, note) VALUES (1, 'kept only if all succeed') RETURNING id");
      const failing = db.sql('SELECT note FROM probes WHERE id = 1 / 0');
      const error: unknown = await db.read([insert, failing]).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(QueryFailedError);
      expect((error as QueryFailedError).query).toBe(failing.sql);
      expect((error as { driverError: { code: string } }).driverError.code).toBe('22012');
      expect((await db.select([page()]))[0]).toEqual([]);
    });

    it('answers a constraint failure outside a transaction as a failed write the repositories recognise', async () => {
      await db.execute(db.sql("INSERT INTO probes (id, note) VALUES (1, 'first')"));
      const error: unknown = await db.execute(db.sql("INSERT INTO probes (id, note) VALUES (1, 'again')")).catch((thrown: unknown) => thrown);
      expect(isUniqueViolation(error, 'probes_pkey')).toBe(true);
      expect((await db.select([page()]))[0]).toEqual([{ id: 1, note: 'first' }]);
    });

    it('leaves the connection fit for use, with what it has prepared filed right, when a statement fails among others', async () => {
      // Named (reusable) statements: the one after the failure was sent with a Parse the server skipped.
      const missing = db.sql('SELECT note FROM not_yet_there WHERE id = :id', { id: 1 });
      const after = db.sql('SELECT note FROM later_table WHERE id = :id', { id: 1 });
      await db.execute(db.sql('CREATE TABLE later_table (id integer PRIMARY KEY, note text)'));
      await expect(db.transaction(() => db.read([count(), missing, after]))).rejects.toBeInstanceOf(QueryFailedError);
      // The pool hands the same idle connection back: had it filed `after` as prepared, its next run would fail.
      await db.execute(db.sql("INSERT INTO later_table (id, note) VALUES (1, 'later')"));
      const [[row]] = await db.transaction(() => db.select([after]));
      expect(row.note).toBe('later');
      await db.execute(db.sql("CREATE TABLE not_yet_there (id integer PRIMARY KEY, note text)"));
      await db.execute(db.sql("INSERT INTO not_yet_there (id, note) VALUES (1, 'there')"));
      const [[there], [later]] = await db.transaction(() => db.select([missing, after]));
      expect([there.note, later.note]).toEqual(['there', 'later']);
      await db.execute(db.sql('DROP TABLE not_yet_there, later_table'));
    });

    it('refuses a value it cannot write, and the connection stays fit for use', async () => {
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      const refused = db.transaction(() => db.read([count(), db.sql('SELECT :value::text AS value', { value: circular })]));
      await expect(refused).rejects.toBeInstanceOf(QueryFailedError);
      const [[counted]] = await db.transaction(() => db.select([count()]));
      expect(counted.count).toBe(0);
    });
  });

  const idOf = async (): Promise<string> => String((await db.select([db.sql('SELECT txid_current()::text AS id')]))[0][0].id);
  const notes = async (): Promise<string[]> =>
    (await db.select([db.sql('SELECT note FROM probes ORDER BY id')]))[0].map((row) => String(row.note));

  it('runs its first statement in the transaction, in the round trip that opens it', async () => {
    const ids = await db.transaction(async () => [await idOf(), await idOf()]);
    expect(ids[0]).toBe(ids[1]);
    // The two statements and the COMMIT; TypeORM's transaction sent START TRANSACTION in a round trip of its own.
    expect(roundTrips.count).toBe(3);
    // Outside a transaction, each statement is a transaction of its own.
    expect(await idOf()).not.toBe(await idOf());
  });

  it('sends nothing, not even a COMMIT, for a transaction that reads and writes nothing', async () => {
    expect(await db.transaction(async () => 'nothing sent')).toBe('nothing sent');
    expect(roundTrips.count).toBe(0);
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
    expect(roundTrips.count).toBe(3 * 2 + 1);
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

  describe('a write held back (one given what its failure reads as)', () => {
    class Refused extends Error {}
    const refused = (error: QueryFailedError) => new Refused(`refused: ${(error as { driverError?: { code?: string } }).driverError?.code}`);
    const insert = (id: number, note: string | null = `note ${id}`) => db.sql('INSERT INTO probes (id, note) VALUES (:id, :note)', { id, note });

    it('is the whole transaction when nothing else is sent: one round trip, without START TRANSACTION or COMMIT', async () => {
      const sent = jest.spyOn(Client.prototype, 'query');
      try {
        await db.transaction(() => db.execute(insert(1), refused));
        const texts = sent.mock.calls.flatMap(([config]) =>
          typeof config === 'string' ? [config] : ((config as unknown as { statements?: { text: string }[] }).statements ?? []).map((statement) => statement.text),
        );
        expect(texts).toEqual([insert(1).sql]);
      } finally {
        sent.mockRestore();
      }
      expect(roundTrips.count).toBe(1);
      expect(await notes()).toEqual(['note 1']);
    });

    it('is sent ahead of the next statement, which sees it', async () => {
      const seen = await db.transaction(async () => {
        await db.execute(insert(1), refused);
        return notes();
      });
      expect(seen).toEqual(['note 1']);
      // START TRANSACTION, the write and the read; then the COMMIT.
      expect(roundTrips.count).toBe(2);
    });

    it('fails the commit, as its failure reads, when it is the last: nothing is committed', async () => {
      await db.execute(insert(1));
      roundTrips.count = 0;
      const failing = db.transaction(async () => {
        await db.execute(insert(2), refused);
        await db.execute(insert(1, 'same key'), refused);
      });
      await expect(failing).rejects.toThrow(new Refused('refused: 23505'));
      expect(await notes()).toEqual(['note 1']);
    });

    it('fails the statement sent after it, as its failure reads, and that statement does not run', async () => {
      const failing = db.transaction(async () => {
        await db.execute(insert(1, null), refused);
        await db.execute(insert(2));
      });
      await expect(failing).rejects.toThrow(new Refused('refused: 23502'));
      expect(await notes()).toEqual([]);
      // The connection is fit for the next transaction.
      await db.transaction(() => db.execute(insert(3), refused));
      expect(await notes()).toEqual(['note 3']);
    });

    it('is made, or has failed, when the transaction it was written in returns, inside a transaction of the caller’s', async () => {
      await db.execute(insert(1));
      const inner: unknown[] = [];
      await db
        .transaction(async () => {
          inner.push(await db.transaction(() => db.execute(insert(1, 'same key'), refused)).catch((error: unknown) => error));
        })
        .catch(() => undefined);
      expect(inner[0]).toBeInstanceOf(Refused);
    });

    it('may wait past a repository’s grouping (`together`) for the transaction’s next statement', async () => {
      let before = -1;
      await db.transaction(async () => {
        await db.together(() => db.execute(insert(1), refused));
        before = roundTrips.count;
      });
      expect(before).toBe(0);
      expect(roundTrips.count).toBe(1);
      expect(await notes()).toEqual(['note 1']);
    });

    it('is never sent when the work gives up: nothing at all is', async () => {
      const failing = db.transaction(async () => {
        await db.execute(insert(1), refused);
        throw new Error('the work gave up');
      });
      await expect(failing).rejects.toThrow('the work gave up');
      expect(roundTrips.count).toBe(0);
      expect(await notes()).toEqual([]);
    });
  });

  it('runs a serializable transaction serializable, opened with its first statement too', async () => {
    const [[level]] = await db.transaction(() => db.select([db.sql('SHOW transaction_isolation')]), { serializable: true });
    expect(level.transaction_isolation).toBe('serializable');
    // TypeORM set the level in a round trip of its own after START TRANSACTION.
    expect(roundTrips.count).toBe(2);
    const [[outside]] = await db.select([db.sql('SHOW transaction_isolation')]);
    expect(outside.transaction_isolation).toBe('read committed');
  });

  it("plans a bulk transaction's statements at each run, in its first round trip, and no other transaction's", async () => {
    // A generic plan made while a table was empty walks the wrong index once it holds thousands of rows (an import).
    const planning = () => db.sql('SHOW plan_cache_mode');
    const inBulk = await db.transaction(async () => (await db.select([planning()]))[0][0], { bulk: true });
    expect(inBulk.plan_cache_mode).toBe('force_custom_plan');
    expect(roundTrips.count).toBe(2); // START with its SET LOCAL and the read; the COMMIT
    const inOther = await db.transaction(async () => (await db.select([planning()]))[0][0]);
    expect(inOther.plan_cache_mode).toBe('auto');
    const [[outside]] = await db.select([planning()]);
    expect(outside.plan_cache_mode).toBe('auto');
  });
});
