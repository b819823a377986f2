import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * One organisation's receiver that never answers, with a long queue behind
 * it, must not delay another organisation's deliveries. The worker runs with
 * its real timing (a look every second, 10 s per attempt).
 */
describe.each(testDatabases())('webhook fairness on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let slow: TestUser;
  let quick: TestUser;
  let hanging: WebhookReceiver;
  let answering: WebhookReceiver;
  const vendors = (user: TestUser) => `/api/v1.0/organisation/${user.organisationUniqueId}/vendors/create/`;
  const hooks = (user: TestUser) => `/api/v1.0/organisation/${user.organisationUniqueId}/webhooks`;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    hanging = await new WebhookReceiver().start();
    hanging.neverAnswer = true;
    answering = await new WebhookReceiver().start();
    slow = await signUp(app.client);
    quick = await signUp(app.client);
    await slow.api.post(`${hooks(slow)}/create/`, { url: hanging.url, events: ['vendor.created'], unique_id: 'hangs' });
    await quick.api.post(`${hooks(quick)}/create/`, { url: answering.url, events: ['vendor.created'], unique_id: 'answers' });
  });

  afterAll(async () => {
    // The hanging receiver lets go first, so that the attempts still out end at once rather than at their timeout.
    await hanging.close();
    await answering.close();
    await app.close();
    await dispose();
  });

  it("delivers B's event within 2 s while A's 100 deliveries wait on a receiver that never answers", async () => {
    for (let i = 0; i < 100; i += 1) expect((await slow.api.post(vendors(slow), { name: `Slow ${i}` })).status).toBe(201);
    await hanging.waitFor((received) => received.length >= 1); // A's receiver is holding attempts

    const created = Date.now();
    expect((await quick.api.post(vendors(quick), { name: 'Quick' })).status).toBe(201);
    await answering.waitFor((received) => received.length === 1, 2_000);
    expect(Date.now() - created).toBeLessThan(2_000);
    expect(answering.received[0].event).toMatchObject({ type: 'vendor.created', data: { name: 'Quick' } });

    // Meanwhile A's deliveries are still waiting: its receiver got a few attempts at a time, not the queue.
    expect(hanging.received.length).toBeLessThan(10);
    const attempts = await slow.api.get(`${hooks(slow)}/hangs/deliveries/`);
    expect(attempts.status).toBe(200);
    expect(Number(attempts.headers.get('X-Total-Count'))).toBeLessThan(10);
  }, 60_000);
});
