import { signUp } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { startTestApp, TestApp } from '../support/test-app';

const TOKEN = 'metrics-token-for-tests';

describe.each(testDatabases())('Prometheus metrics on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { env: { METRICS_TOKEN: TOKEN } });
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const scrape = (authorization?: string) =>
    fetch(`${app.client.baseUrl}/metrics`, { headers: authorization ? { Authorization: authorization } : {} });

  it('counts requests by route pattern and status, and shows the database, the webhook backlog and the event loop', async () => {
    const user = await signUp(app.client);
    await user.api.get('/api/v1.0/me/');
    await user.api.get('/api/v1.0/me/');
    await user.api.get(`/api/v1.0/organisation/${user.organisationUniqueId}/vendors/nope/`);
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/v1.0/me",status="200"} 2');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/v1.0/organisation/:org/vendors/:id",status="404"} 1');
    expect(text).not.toContain(user.organisationUniqueId); // patterns, not paths
    expect(text).toMatch(/^db_connections_busy \d+$/m);
    expect(text).toMatch(/^db_connections_waiting \d+$/m);
    expect(text).toMatch(/^webhook_deliveries_pending 0$/m);
    expect(text).toMatch(/^notification_emails_pending 0$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
  });

  it('answers only the bearer of the metrics token', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer wrong')).status).toBe(401);
    expect((await scrape(`Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`)).status).toBe(401);
  });
});

describe.each(testDatabases().slice(0, 1))('without a metrics token ($name)', (factory) => {
  it('serves no metrics', async () => {
    const database = await factory.create();
    const app = await startTestApp(database);
    try {
      expect((await fetch(`${app.client.baseUrl}/metrics`)).status).toBe(404);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
