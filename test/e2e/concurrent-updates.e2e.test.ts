import { Client } from 'pg';
import { signUp, TestUser } from '../support/accounts';
import { TestDatabase, testDatabases } from '../support/databases';
import { startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * An update writes every column of its record as it read them, so it reads
 * the record locked: a change another request commits while the update waits
 * for the row is read by the update, not written over with what it held
 * before (a lost update). Postgres's alone: SQLite runs writes one at a time.
 *
 * Each case locks a record's row from a connection of the test's own, sends
 * the PATCH of one field, and once the PATCH waits for that connection,
 * changes another field and commits: the PATCH's answer shows both.
 */
const postgres = testDatabases().filter((factory) => factory.name === 'postgres');
const describeOnPostgres = postgres.length > 0 ? describe : describe.skip;

describeOnPostgres('concurrent updates on Postgres', () => {
  let database: TestDatabase;
  let app: TestApp;
  let owner: TestUser;
  let receiver: WebhookReceiver;
  /** The connection that holds a record's row, and one that watches who waits for it. */
  let holder: Client;
  let watcher: Client;
  const base = () => `/api/v1.0/organisation/${owner.organisationUniqueId}`;

  beforeAll(async () => {
    database = await postgres[0].create();
    app = await startTestApp(database);
    owner = await signUp(app.client);
    receiver = await new WebhookReceiver().start();
    const connect = async () => {
      const client = new Client({ connectionString: database.url, options: `-c search_path=${database.schema}` });
      await client.connect();
      return client;
    };
    [holder, watcher] = [await connect(), await connect()];
  });

  afterAll(async () => {
    await holder.end();
    await watcher.end();
    await app.close();
    await receiver.close();
    await database.dispose();
  });

  const cases = () => [
    { model: 'vendor', path: 'vendors', table: 'vendors', body: { name: 'Paper Co' }, patch: { name: 'Paper Group' }, meanwhile: "description = 'changed meanwhile'", shows: { name: 'Paper Group', description: 'changed meanwhile' } },
    { model: 'lead', path: 'leads', table: 'leads', body: { title: 'Fit-out', lead_source: 'referral', sales_stage: 'stage-new' }, patch: { title: 'Fit-out, phase 2' }, meanwhile: "description = 'changed meanwhile'", shows: { title: 'Fit-out, phase 2', description: 'changed meanwhile' } },
    { model: 'client', path: 'clients', table: 'clients', body: { name: 'Acme' }, patch: { name: 'Acme Group' }, meanwhile: "phone = '+44 20 7946 0000'", shows: { name: 'Acme Group', phone: '+44 20 7946 0000' } },
    { model: 'sales stage', path: 'sales-stages', table: 'sales_stages', body: { name: 'Demo' }, patch: { name: 'Demo booked' }, meanwhile: "description = 'changed meanwhile'", shows: { name: 'Demo booked', description: 'changed meanwhile' } },
    { model: 'account', path: 'accounts', table: 'accounts', body: { account_code: '6390', name: 'Fuel', account_type: 'expense' }, patch: { name: 'Fuel and oil' }, meanwhile: "description = 'changed meanwhile'", shows: { name: 'Fuel and oil', description: 'changed meanwhile' } },
    // Its update is a PATCH of its detail path.
    { model: 'webhook endpoint', path: 'webhooks', update: '', table: 'webhook_endpoints', body: { url: receiver.url, events: ['vendor.created'] }, patch: { events: ['vendor.updated'] }, meanwhile: 'is_active = 0', shows: { events: ['vendor.updated'], is_active: false } },
  ];

  /** Whether a session waits for `pid`'s locks. */
  const someoneWaitsFor = async (pid: number): Promise<boolean> => {
    const { rows } = await watcher.query('SELECT COUNT(*)::int AS waiting FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [pid]);
    return rows[0].waiting > 0;
  };

  it.each(['vendor', 'lead', 'client', 'sales stage', 'account', 'webhook endpoint'])('%s: a change committed while the update waited is kept', async (model) => {
    const { path, update = 'update/', table, body, patch, meanwhile, shows } = cases().find((c) => c.model === model)!;
    const uniqueId = `concurrent-${path}`;
    const created = await owner.api.post(`${base()}/${path}/create/`, { ...body, unique_id: uniqueId });
    expect(created.status).toBe(201);

    await holder.query('BEGIN');
    await holder.query(`SELECT 1 FROM ${table} WHERE unique_id = $1 FOR NO KEY UPDATE`, [uniqueId]);
    const { rows } = await holder.query('SELECT pg_backend_pid() AS pid');
    let settled = false;
    const patched = owner.api.patch(`${base()}/${path}/${uniqueId}/${update}`, patch).finally(() => (settled = true));
    // Until the PATCH waits for the row (or has answered without waiting, which the assertions below then refuse).
    while (!settled && !(await someoneWaitsFor(rows[0].pid))) await new Promise((resolve) => setTimeout(resolve, 5));
    await holder.query(`UPDATE ${table} SET ${meanwhile} WHERE unique_id = $1`, [uniqueId]);
    await holder.query('COMMIT');

    const answer = await patched;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject(shows);
    expect((await owner.api.get(`${base()}/${path}/${uniqueId}/`)).body).toMatchObject(shows);
  });
});
