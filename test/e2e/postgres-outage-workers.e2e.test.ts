import { createLogger } from '../../adapters/system/logger';
import { DeliverWebhooks } from '../../application/webhook/deliver-webhooks.use-case';
import { signUp, TestUser } from '../support/accounts';
import { ApiResponse } from '../support/api-client';
import { sleep, until } from '../support/load';
import { metricOf, OUTAGE_BEGINS, postgresUrl, REQUEST_BOUND_MS, startBehindPostgresProxy, UNAVAILABLE } from '../support/postgres-behind-proxy';
import { TcpProxy } from '../support/tcp-proxy';
import { TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const describeWithPostgres = postgresUrl ? describe : describe.skip;
const POLL_MS = 200;

/**
 * What else needs Postgres, through a proxy of the test's own: the rate
 * limits, counted in Postgres when no `REDIS_URL` is set (logins, sign-ups,
 * HTTP Basic), and the webhook worker.
 */
describeWithPostgres('logins and webhook deliveries while Postgres is away', () => {
  let proxy: TcpProxy;
  let app: TestApp;
  let close: () => Promise<void>;
  let owner: TestUser;
  let receiver: WebhookReceiver;
  const logged: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    const logger = createLogger('warn', { write: (line: string) => void logged.push(JSON.parse(line)) });
    ({ app, proxy, close } = await startBehindPostgresProxy({ env: { WEBHOOK_POLL_MS: String(POLL_MS) }, logger }));
    owner = await signUp(app.client);
    receiver = await new WebhookReceiver().start();
    const hooks = `/api/v1.0/organisation/${owner.organisationUniqueId}/webhooks`;
    expect((await owner.api.post(`${hooks}/create/`, { url: receiver.url, events: ['vendor.created'] })).status).toBe(201);
  });

  afterAll(async () => {
    await close();
    await receiver.close();
  });

  beforeEach(async () => {
    await until(async () => (await metricOf(app, 'database_unavailable')) === 0, 5000, 'the end of an earlier outage');
    logged.length = 0;
  });

  afterEach(async () => proxy.restore()); // also after a test that failed half-way

  async function expectUnavailable(request: () => Promise<ApiResponse>): Promise<void> {
    const started = performance.now();
    const response = await request();
    expect(performance.now() - started).toBeLessThan(REQUEST_BOUND_MS);
    expect(response.status).toBe(503);
    expect(response.body).toEqual(UNAVAILABLE);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  const logIn = (password: string) => app.client.post('/api/v1.0/auth/login/', { email: owner.email, password });

  it.each([
    ['cut', () => proxy.cut()],
    ['black-holed', async () => proxy.blackHole()],
  ])('answers logins, sign-ups and HTTP Basic 503 with Retry-After, not 500, while the connection is %s (limits counted in Postgres)', async (_mode, away) => {
    expect(app.config.redisUrl).toBeUndefined();
    await away();
    await expectUnavailable(() => logIn(owner.password));
    await expectUnavailable(() => logIn('not the password'));
    await expectUnavailable(() => owner.api.get('/api/v1.0/me/'));
    await expectUnavailable(() =>
      app.client.post('/api/v1.0/auth/signup/', {
        email: `while-away-${Date.now()}@example.com`,
        password: 'correct horse battery',
        first_name: 'Ann',
        last_name: 'Lee',
        organisation_name: 'Acme',
      }),
    );
    await proxy.restore();
    await until(async () => (await logIn(owner.password)).status === 200, 5000, 'a login after the return');
    expect(logged.filter((line) => line.level >= 40)).toEqual([expect.objectContaining({ level: 40, msg: OUTAGE_BEGINS })]);
  });

  it('the webhook worker neither stops nor spins while Postgres is away, says so once, and delivers again after the return', async () => {
    const vendors = `/api/v1.0/organisation/${owner.organisationUniqueId}/vendors`;
    const delivered = (name: string) => receiver.received.some((message) => message.event.data.name === name);
    expect((await owner.api.post(`${vendors}/create/`, { name: 'Before' })).status).toBe(201);
    await receiver.waitFor(() => delivered('Before'));

    const rounds = jest.spyOn(app.application.container.get(DeliverWebhooks), 'execute');
    await proxy.cut();
    const outageMs = 2000;
    await sleep(outageMs);
    // A round a poll, give or take: no round right after a failed one.
    expect(rounds.mock.calls.length).toBeGreaterThan(0);
    expect(rounds.mock.calls.length).toBeLessThanOrEqual(outageMs / POLL_MS + 2);
    rounds.mockRestore();
    await proxy.restore();

    await until(async () => (await owner.api.post(`${vendors}/create/`, { name: 'After' })).status === 201, 5000, 'a write after the return');
    await receiver.waitFor(() => delivered('After'), 5000);
    expect(logged.filter((line) => line.level >= 40)).toEqual([expect.objectContaining({ level: 40, msg: OUTAGE_BEGINS })]);
  });
});
