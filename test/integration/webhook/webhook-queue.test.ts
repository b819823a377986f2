import { SHARED_TOKENS, UnitOfWork } from '../../../application/shared/ports';
import { EVENT_TOKENS, RecordEvents } from '../../../application/webhook/record-events';
import { WEBHOOK_TOKENS, WebhookQueue } from '../../../application/webhook/webhook.ports';
import { OrganisationRepository, ORGANISATION_TOKENS } from '../../../application/organisation/organisation.ports';
import { signUp } from '../../support/accounts';
import { testDatabases } from '../../support/databases';
import { startTestApp, TestApp } from '../../support/test-app';

/** The outbox on each engine: written with the change or not at all, and each delivery claimed by one worker. */
describe.each(testDatabases())('the webhook outbox on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let queue: WebhookQueue;
  let events: RecordEvents;
  let unitOfWork: UnitOfWork;
  let organisation: { id: string; uniqueId: string };
  const member = { uniqueId: 'p1', fullName: 'Ann Lee', email: 'ann@example.com', role: 'member' as const, dateJoined: new Date() };
  const publish = (recordId: string) =>
    events.publish({ organisation, type: 'member.joined', recordId, subject: { model: 'member', view: member } });
  const farFuture = () => new Date(Date.now() + 3_600_000);

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { env: { WEBHOOK_DELIVERY: 'off' } });
    const owner = await signUp(app.client);
    await owner.api.post(`/api/v1.0/organisation/${owner.organisationUniqueId}/webhooks/create/`, { url: 'https://hooks.example.com/in', events: ['member.joined'] });
    const container = app.application.container;
    queue = container.get(WEBHOOK_TOKENS.WebhookQueue);
    events = container.get(EVENT_TOKENS.RecordEvents);
    unitOfWork = container.get(SHARED_TOKENS.UnitOfWork);
    organisation = (await container.get<OrganisationRepository>(ORGANISATION_TOKENS.OrganisationRepository).findByUniqueId(owner.organisationUniqueId))!;
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('keeps no event of a transaction that rolled back', async () => {
    await expect(
      unitOfWork.transaction(async () => {
        await publish('rolled-back');
        throw new Error('the change failed after its event was written');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queue.claim(new Date(), 100, farFuture())).toEqual([]);
  });

  it('gives each delivery to one of two workers claiming at once', async () => {
    for (let i = 0; i < 40; i += 1) await unitOfWork.transaction(() => publish(`record-${i}`));
    const now = new Date(Date.now() + 1000);
    const [first, second] = await Promise.all([queue.claim(now, 25, farFuture()), queue.claim(now, 25, farFuture())]);
    // Two claims at once may pick the same rows: the later then skips them (and gets fewer), never shares them.
    const third = await queue.claim(now, 25, farFuture());
    const ids = [...first, ...second, ...third].map((delivery) => delivery.id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    // Claimed until the lease lapses: nobody else gets them meanwhile.
    expect(await queue.claim(now, 100, farFuture())).toEqual([]);
    const afterLease = await queue.claim(new Date(farFuture().getTime() + 1000), 100, new Date(farFuture().getTime() + 120_000));
    expect(afterLease).toHaveLength(40);
  });

  it('claims fairly: at most the bound per endpoint and per organisation, organisations in turns', async () => {
    const later = new Date(Date.now() + 10 * 3_600_000);
    const lease = new Date(later.getTime() + 60_000);
    const other = await signUp(app.client);
    await other.api.post(`/api/v1.0/organisation/${other.organisationUniqueId}/webhooks/create/`, { url: 'https://other.example.com/in', events: ['member.joined'] });
    const otherOrganisation = (await app.application.container
      .get<OrganisationRepository>(ORGANISATION_TOKENS.OrganisationRepository)
      .findByUniqueId(other.organisationUniqueId))!;
    await unitOfWork.transaction(() =>
      events.publish({ organisation: otherOrganisation, type: 'member.joined', recordId: 'theirs', subject: { model: 'member', view: member } }),
    );
    const bounds = { perEndpoint: 2, perOrganisation: 3 };
    // The first organisation has 40 due (from above); the other one. Its one comes within the first two claimed.
    const claimed = await queue.claim(later, 2, lease, bounds);
    expect(claimed.map((d) => d.eventType)).toHaveLength(2);
    const endpoints = new Set(claimed.map((d) => d.endpointId));
    expect(endpoints.size).toBe(2);
    // The first organisation's endpoint holds one live claim: one more, and no more, while it lasts.
    expect(await queue.claim(later, 100, lease, bounds)).toHaveLength(1);
    expect(await queue.claim(later, 100, lease, bounds)).toEqual([]);
  });

  it('prunes finished deliveries and old attempts, never a pending delivery', async () => {
    const now = new Date(Date.now() + 7_200_000);
    const leased = await queue.claim(now, 100, new Date(now.getTime() + 60_000));
    const [done, ...pending] = leased;
    const attempt = { id: 'a-1', eventId: 'e', eventType: 'member.joined', attempt: 1, succeeded: true, statusCode: 200, durationMs: 3, error: null, at: now };
    await queue.settle(done, attempt, { state: 'delivered' });
    expect(await queue.prune(new Date(now.getTime() + 1), 1000)).toBe(2); // the delivery and its attempt
    expect(await queue.prune(new Date(now.getTime() + 1), 1000)).toBe(0);
    const later = new Date(now.getTime() + 120_000);
    expect((await queue.claim(later, 100, new Date(later.getTime() + 60_000))).map((d) => d.id).sort()).toEqual(pending.map((d) => d.id).sort());
  });
});
