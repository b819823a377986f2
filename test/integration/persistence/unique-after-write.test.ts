import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
import { signUp, TestUser } from '../../support/accounts';
import { testDatabases, TestDatabase } from '../../support/databases';
import { startTestApp, TestApp } from '../../support/test-app';
import { watchSentTexts } from '../../support/postgres-texts';

const TAKEN_NUMBER = { expense_number: ['expense with this expense number already exists.'] };
const TAKEN_UNIQUE_ID = { unique_id: ['expense with this unique id already exists.'] };

/**
 * An expense's (and an account's) number and unique_id are left to the
 * unique indexes: a create asks nothing first, and a clash is looked for only
 * once the write failed, to report every clash at once. Under an
 * Idempotency-Key the create runs in a transaction of the request's, which a
 * failed statement would end on Postgres: there the fields are checked first.
 * Either way a clash is the 400 of the contract, never a 500.
 */
describe.each(testDatabases())('unique fields checked after the write on $name', (factory) => {
  let database: TestDatabase;
  let app: TestApp;
  let db: TypeOrmDatabase;
  let owner: TestUser;
  const base = () => `/api/v1.0/organisation/${owner.organisationUniqueId}`;
  const expense = (number: string, uniqueId?: string) => ({
    ...(uniqueId ? { unique_id: uniqueId } : {}),
    title: 'Taxi',
    expense_number: number,
    account_id: 'acct-5000',
    expense_date: '2026-01-15',
    amount: '12.50',
  });
  const stored = async (number: string) => {
    const [[row]] = await db.select([db.sql('SELECT COUNT(*) AS n FROM expenses WHERE expense_number = :number', { number })]);
    return Number(row.n);
  };

  beforeAll(async () => {
    database = await factory.create();
    app = await startTestApp(database);
    db = app.application.container.get(TypeOrmDatabase);
    owner = await signUp(app.client);
    expect((await owner.api.post(`${base()}/expenses/create/`, expense('UNQ-1', 'unq-1'))).status).toBe(201);
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('reports a taken number, a taken unique_id, and both at once', async () => {
    const number = await owner.api.post(`${base()}/expenses/create/`, expense('UNQ-1'));
    expect({ status: number.status, body: number.body }).toEqual({ status: 400, body: TAKEN_NUMBER });
    const uniqueId = await owner.api.post(`${base()}/expenses/create/`, expense('UNQ-2', 'unq-1'));
    expect({ status: uniqueId.status, body: uniqueId.body }).toEqual({ status: 400, body: TAKEN_UNIQUE_ID });
    const both = await owner.api.post(`${base()}/expenses/create/`, expense('UNQ-1', 'unq-1'));
    expect({ status: both.status, body: both.body }).toEqual({ status: 400, body: { ...TAKEN_UNIQUE_ID, ...TAKEN_NUMBER } });
    expect(await stored('UNQ-1')).toBe(1);
    expect(await stored('UNQ-2')).toBe(0);
  });

  it('reports them alike under an Idempotency-Key, and stores nothing', async () => {
    const keyed = { headers: { 'Idempotency-Key': `unique-${database.name}` } };
    const both = await owner.api.post(`${base()}/expenses/create/`, expense('UNQ-1', 'unq-1'), keyed);
    expect({ status: both.status, body: both.body }).toEqual({ status: 400, body: { ...TAKEN_UNIQUE_ID, ...TAKEN_NUMBER } });
    expect(await stored('UNQ-1')).toBe(1);
    const account = await owner.api.post(`${base()}/accounts/create/`, { account_code: '5000', name: 'Again', account_type: 'expense' }, keyed);
    expect(account.status).toBe(400);
    expect(account.body).toEqual({ account_code: [expect.any(String)] });
  });

  it('sends no read of the number before the insert on Postgres', async () => {
    if (db.dialect !== 'postgres') return;
    const sent = watchSentTexts();
    try {
      expect((await owner.api.post(`${base()}/expenses/create/`, expense('UNQ-3', 'unq-3'))).status).toBe(201);
      const texts = sent.texts();
      // The create's statements were seen, and none of them reads the expenses.
      expect(texts.some((text) => /INSERT INTO "?expenses"?/.test(text))).toBe(true);
      expect(texts.filter((text) => /FROM "?expenses"?/.test(text))).toEqual([]);
    } finally {
      sent.restore();
    }
  });
});
