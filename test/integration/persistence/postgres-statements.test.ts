import { QueryFailedError } from 'typeorm';
import { isUniqueViolation, TypeOrmDatabase } from '../../../adapters/persistence/typeorm/database';
import { forHydration } from '../../../adapters/persistence/typeorm/sql';
import { TestDatabase } from '../../support/databases';
import { CountedPostgres, countedPostgres, postgresDatabase } from '../../support/postgres-round-trips';

/**
 * On Postgres the statements of one read (a list's count and its page) are
 * sent together, under one Sync: one round trip, one snapshot. What must
 * hold: each statement's rows, read by its columns' parsers; a failure of
 * any one reported as TypeORM reports a statement's, naming the statement,
 * and the connection left fit for use with its prepared statements filed
 * right.
 *
 * Round trips are counted as the server's ReadyForQuery answers, one per Sync.
 */
const describeOnPostgres = postgresDatabase ? describe : describe.skip;

describeOnPostgres('Postgres statements sent together', () => {
  let database: TestDatabase;
  let db: TypeOrmDatabase;
  let roundTrips: CountedPostgres['roundTrips'];

  beforeAll(async () => {
    ({ database, db, roundTrips } = await countedPostgres());
    await db.execute(db.sql('CREATE TABLE probes (id integer PRIMARY KEY, note text)'));
  });

  afterAll(async () => {
    await db.close();
    await database.dispose();
  });

  beforeEach(async () => {
    await db.execute(db.sql('DELETE FROM probes'));
    roundTrips.count = 0;
  });

  const transactionId = () => db.sql('SELECT txid_current()::text AS id');
  const count = () => db.sql('SELECT COUNT(*)::int AS count FROM probes');
  const page = () => db.sql('SELECT id, note FROM probes ORDER BY id');

  it('reads several statements in one round trip, as one snapshot', async () => {
    await db.execute(db.sql("INSERT INTO probes (id, note) VALUES (1, 'one'), (2, NULL)"));
    roundTrips.count = 0;

    const [[counted], rows, [first], [second]] = await db.select([count(), page(), transactionId(), transactionId()]);

    expect(counted.count).toBe(2);
    expect(rows).toEqual([
      { id: 1, note: 'one' },
      { id: 2, note: null },
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
