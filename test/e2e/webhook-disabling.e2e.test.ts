import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { FixedClock } from '../support/fixed-clock';
import { TestSmtpServer } from '../support/smtp-server';
import { startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const DAY_MS = 86_400_000;

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

describe.each(testDatabases())('a webhook endpoint that keeps failing on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let dataDir: string;
  let owner: TestUser;
  let receiver: WebhookReceiver;
  const clock = new FixedClock(new Date());
  const org = () => `/api/v1.0/organisation/${owner.organisationUniqueId}`;
  const endpoint = () => `${org()}/webhooks/failing/`;

  /** The mails the development outbox (`<DATA_DIR>/outbox/`) holds, oldest first. */
  const outbox = (): OutboxMail[] => {
    const directory = path.join(dataDir, 'outbox');
    if (!existsSync(directory)) return [];
    return readdirSync(directory)
      .sort()
      .map((file) => JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as OutboxMail);
  };

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function waitUntil(done: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await pause(20);
    }
  }

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    dataDir = database.dataDir;
    app = await startTestApp(database, { env: { WEBHOOK_POLL_MS: '20' }, clock });
    owner = await signUp(app.client, { organisation_name: 'Acme' });
    receiver = await new WebhookReceiver().start();
  });

  afterAll(async () => {
    await app.close();
    await receiver.close();
    await dispose();
  });

  it('is disabled after 3 days of nothing but failures, its owner e-mailed once, sent nothing more until enabled again', async () => {
    receiver.answers.push(...Array(100).fill(500));
    expect((await owner.api.post(`${org()}/webhooks/create/`, { url: receiver.url, events: ['vendor.created', 'vendor.updated'], unique_id: 'failing' })).status).toBe(201);
    const failingFrom = clock.now();
    await owner.api.post(`${org()}/vendors/create/`, { name: 'First Co', unique_id: 'first' });
    await receiver.waitFor((received) => received.length === 1);
    await waitUntil(async () => (await owner.api.get(endpoint())).body.failing_since !== null, 'the first failure to be recorded');
    expect((await owner.api.get(endpoint())).body).toMatchObject({ is_active: true, failing_since: failingFrom.toISOString(), disabled_at: null, disabled_reason: null });

    // Just short of 3 days: still active.
    clock.advance(3 * DAY_MS - 1000);
    await owner.api.post(`${org()}/vendors/create/`, { name: 'Second Co', unique_id: 'second' });
    await receiver.waitFor((received) => received.length === 3); // first's retry, second's first attempt
    await pause(100);
    expect((await owner.api.get(endpoint())).body.is_active).toBe(true);
    expect(outbox()).toEqual([]);

    // Past them: the next failure disables it.
    clock.advance(2000);
    await owner.api.post(`${org()}/vendors/create/`, { name: 'Third Co', unique_id: 'third' });
    await waitUntil(async () => (await owner.api.get(endpoint())).body.is_active === false, 'the endpoint to be disabled');
    const disabled = (await owner.api.get(endpoint())).body;
    expect(disabled).toMatchObject({
      is_active: false,
      failing_since: failingFrom.toISOString(),
      disabled_at: clock.now().toISOString(),
      disabled_reason: 'delivery_failures',
      disabled_reason_display: 'Every delivery failed for 3 days',
    });

    await pause(200); // the mail goes out after the change is committed
    const mails = outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: owner.email, subject: 'A webhook endpoint was disabled' });
    expect(mails[0].text).toContain('"failing" of your organisation "Acme"');
    expect(mails[0].text).toContain(`since ${failingFrom.toISOString()}`);
    expect(mails[0].text).toContain(`${app.config.publicBaseUrl}${endpoint()} with {"is_active": true}`);
    // Sent from the e-mail outbox, as every e-mail: listed among the owner's.
    expect((await owner.api.get('/api/v1.0/me/notifications/deliveries/')).body).toEqual([
      expect.objectContaining({ kind: 'webhook_endpoint.disabled', record: 'failing', status: 'sent', attempts: 1 }),
    ]);

    // Nothing more is attempted: neither the retries due nor new events.
    const attempted = receiver.received.length;
    const logged = Number((await owner.api.get(`${endpoint()}deliveries/`)).headers.get('X-Total-Count'));
    await owner.api.patch(`${org()}/vendors/first/update/`, { website: 'https://first.example' });
    clock.advance(DAY_MS);
    await pause(300);
    expect(receiver.received).toHaveLength(attempted);
    expect(Number((await owner.api.get(`${endpoint()}deliveries/`)).headers.get('X-Total-Count'))).toBe(logged);
    expect(outbox()).toHaveLength(1);

    // Mended and enabled again by the owner: the count starts afresh and the pending deliveries go out.
    receiver.answers.length = 0;
    const enabled = await owner.api.patch(endpoint(), { is_active: true });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ is_active: true, failing_since: null, disabled_at: null, disabled_reason: null, disabled_reason_display: null });
    await receiver.waitFor((received) => new Set(received.slice(attempted).map((m) => m.event.data.unique_id)).size === 3);
    const resumed = receiver.received.slice(attempted).map((m) => [m.event.type, m.event.data.unique_id]);
    expect(resumed).toEqual(expect.arrayContaining([['vendor.created', 'first'], ['vendor.created', 'second'], ['vendor.created', 'third']]));
    expect(resumed).not.toContainEqual(['vendor.updated', 'first']); // made while disabled: never queued
    expect((await owner.api.get(endpoint())).body.failing_since).toBeNull();
  });

  it('has its read-only fields described in the API description', async () => {
    const document = (await app.client.get('/api/schema/')).body;
    const properties = document.components.schemas.WebhookEndpoint.properties;
    expect(properties.disabled_at).toMatchObject({ type: ['string', 'null'], format: 'date-time', description: expect.stringContaining('inactive') });
    expect(properties.disabled_reason).toMatchObject({ enum: ['owner', 'delivery_failures', null], description: expect.stringContaining('is_active: true') });
    expect(properties.failing_since.description).toContain('3 days');
    // Never taken from a body.
    const detail = Object.entries(document.paths as Record<string, { patch?: { requestBody: unknown } }>).find(([route]) => /\/webhooks\/\{[^}]+\}\/$/.test(route));
    const patchBody = JSON.stringify(detail?.[1].patch?.requestBody);
    expect(patchBody).toContain('is_active');
    expect(patchBody).not.toContain('disabled_');
  });

  it('says so when the owner disables it, and never e-mails for that', async () => {
    await owner.api.post(`${org()}/webhooks/create/`, { url: receiver.url, events: ['vendor.created'], unique_id: 'paused' });
    const paused = await owner.api.patch(`${org()}/webhooks/paused/`, { is_active: false });
    expect(paused.body).toMatchObject({ is_active: false, disabled_at: clock.now().toISOString(), disabled_reason: 'owner', disabled_reason_display: 'Disabled by the owner' });
    const mails = outbox().length;
    await pause(100);
    expect(outbox()).toHaveLength(mails);
  });
});

describe.each(testDatabases())('the notice of a disabled webhook endpoint over a failing SMTP server on $name', (factory) => {
  it('is queued with the change that disables the endpoint, retried on the back-off schedule, and delivered once', async () => {
    const smtp = await TestSmtpServer.start();
    const receiver = await new WebhookReceiver().start();
    const database = await factory.create();
    const clock = new FixedClock(new Date());
    const app = await startTestApp(database, { clock, env: { SMTP_URL: smtp.url(), WEBHOOK_POLL_MS: '20' } });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const until = async (done: () => boolean | Promise<boolean>, what: string) => {
      const deadline = Date.now() + 15_000;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await pause(20);
      }
    };
    try {
      const owner = await signUp(app.client, { organisation_name: 'Acme' });
      const org = `/api/v1.0/organisation/${owner.organisationUniqueId}`;
      receiver.answers.push(...Array(100).fill(500));
      await owner.api.post(`${org}/webhooks/create/`, { url: receiver.url, events: ['vendor.created'], unique_id: 'failing' });
      await owner.api.post(`${org}/vendors/create/`, { name: 'First Co' });
      await receiver.waitFor((received) => received.length === 1);
      await until(async () => (await owner.api.get(`${org}/webhooks/failing/`)).body.failing_since !== null, 'the first failure');
      clock.advance(3 * DAY_MS + 1000);
      smtp.refuseNext = 2;
      await owner.api.post(`${org}/vendors/create/`, { name: 'Second Co' });
      await until(async () => (await owner.api.get(`${org}/webhooks/failing/`)).body.is_active === false, 'the endpoint to be disabled');

      for (const [refused, retryAfterMinutes] of [[1, 1], [2, 5]]) {
        await until(() => smtp.refused >= refused, `refusal ${refused}`);
        await pause(100);
        expect(smtp.refused).toBe(refused); // not before its retry is due
        expect(smtp.received).toEqual([]);
        clock.advance({ minutes: retryAfterMinutes });
      }
      await until(() => smtp.received.length > 0, 'the notice');
      await pause(200);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].envelopeTo).toEqual([owner.email]);
      expect(smtp.received[0].headers.subject).toBe('A webhook endpoint was disabled');
      expect((await owner.api.get('/api/v1.0/me/notifications/deliveries/')).body).toEqual([
        expect.objectContaining({ kind: 'webhook_endpoint.disabled', record: 'failing', status: 'sent', attempts: 3 }),
      ]);
    } finally {
      await app.close();
      await receiver.close();
      await database.dispose();
      await smtp.stop();
    }
  });
});
