import { signUp, TestUser } from '../support/accounts';
import { postgresUrl, READINESS_BOUND_MS, REQUEST_BOUND_MS, startBehindPostgresProxy, UNAVAILABLE } from '../support/postgres-behind-proxy';
import { TcpProxy } from '../support/tcp-proxy';
import { TestApp } from '../support/test-app';

const describeWithPostgres = postgresUrl ? describe : describe.skip;

/**
 * The service's connections to Postgres pass through a proxy of the test's
 * own: cut (connections closed, the port too) or a black hole
 * (connections kept, nothing passed, as in a network partition). Under a
 * load of writers: postgres-outage-load.e2e.test.ts.
 */
describeWithPostgres('requests while Postgres is away', () => {
  let proxy: TcpProxy;
  let app: TestApp;
  let close: () => Promise<void>;
  let owner: TestUser;
  const acknowledged: string[] = [];

  beforeAll(async () => {
    ({ app, proxy, close } = await startBehindPostgresProxy());
    owner = await signUp(app.client);
  });

  afterAll(async () => close());

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
