import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { hostAndPort, startTcpProxy, TcpProxy } from '../support/tcp-proxy';
import { startTestApp, TestApp } from '../support/test-app';

const postgresUrl = process.env.TEST_DATABASE_URL;
const describeWithPostgres = postgresUrl ? describe : describe.skip;

/** Small bounds, so that the test waits little: the defaults are 5 s, 5 s and 10 s. */
const BOUNDS = { DATABASE_CONNECT_TIMEOUT_MS: '500', DATABASE_POOL_TIMEOUT_MS: '1000', DATABASE_STATEMENT_TIMEOUT_MS: '1000' };
/** The longest wait the bounds allow (a statement's answer: 1 s and a second's margin), with room for the request's own work. */
const REQUEST_BOUND_MS = 3500;
const READINESS_BOUND_MS = 2500;
const UNAVAILABLE = { detail: 'The database is unavailable; try again shortly.' };

/**
 * The service's connections to Postgres pass through a proxy of the test's
 * own: cut (connections destroyed, the port closed) or a black hole
 * (connections kept, nothing passed, as in a network partition).
 */
describeWithPostgres('requests while Postgres is away', () => {
  let proxy: TcpProxy;
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  const acknowledged: string[] = [];

  beforeAll(async () => {
    proxy = await startTcpProxy(hostAndPort(postgresUrl!, 5432));
    const database = await testDatabases()[1].create();
    dispose = database.dispose;
    const url = new URL(database.url);
    url.host = `${proxy.host}:${proxy.port}`;
    app = await startTestApp({ ...database, url: url.toString() }, { env: BOUNDS });
    owner = await signUp(app.client);
  });

  afterAll(async () => {
    await app.close();
    await proxy.close();
    await dispose();
  });

  const vendors = () => `/api/v1.0/organisation/${owner.organisationUniqueId}/vendors`;

  async function timed<T>(bound: number, request: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const response = await request();
    expect(performance.now() - started).toBeLessThan(bound);
    return response;
  }

  async function createVendor(name: string): Promise<void> {
    const created = await owner.api.post(`${vendors()}/create/`, { name });
    expect(created.status).toBe(201);
    acknowledged.push((created.body as { unique_id: string }).unique_id);
  }

  async function expectUnavailable(): Promise<void> {
    for (const request of [() => owner.api.post(`${vendors()}/create/`, { name: 'While away' }), () => owner.api.get(`${vendors()}/`)]) {
      const response = await timed(REQUEST_BOUND_MS, request);
      expect(response.status).toBe(503);
      expect(response.body).toEqual(UNAVAILABLE);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const ready = await timed(READINESS_BOUND_MS, () => app.client.get('/readyz'));
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', pending_migrations: null });
  }

  async function expectServedAgain(): Promise<void> {
    await createVendor(`After ${acknowledged.length}`);
    const list = await owner.api.get(`${vendors()}/?page_size=100`);
    expect(list.status).toBe(200);
    const listed = (list.body as { unique_id: string }[]).map((vendor) => vendor.unique_id);
    expect(listed).toEqual(expect.arrayContaining(acknowledged));
    expect((await app.client.get('/readyz')).status).toBe(200);
  }

  it('answers 503 with Retry-After while the connection is cut, within the bound, and serves again once it is back', async () => {
    await createVendor('Before the cut');
    await proxy.cut();
    await expectUnavailable();
    await proxy.restore();
    await expectServedAgain();
  });

  it('answers 503 with Retry-After while nothing passes (a partition), within the bound, and serves again once it is back', async () => {
    await createVendor('Before the partition');
    proxy.blackHole();
    await expectUnavailable();
    await proxy.restore();
    await expectServedAgain();
  });
});
