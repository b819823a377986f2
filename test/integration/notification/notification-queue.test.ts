import { NOTIFICATION_TOKENS, NotificationQueue } from '../../../application/notification/notification.ports';
import { OrganisationRepository, ORGANISATION_TOKENS } from '../../../application/organisation/organisation.ports';
import { SHARED_TOKENS, UnitOfWork } from '../../../application/shared/ports';
import { signUp } from '../../support/accounts';
import { testDatabases } from '../../support/databases';
import { startTestApp, TestApp } from '../../support/test-app';

/** The e-mail outbox on each engine: written with the change or not at all, each e-mail claimed by one worker, once-keys kept, the finished pruned. */
describe.each(testDatabases())('the e-mail outbox on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let queue: NotificationQueue;
  let unitOfWork: UnitOfWork;
  let organisationId: string;
  let counter = 0;
  const mail = (onceKey?: string) => {
    counter += 1;
    return { id: `n-${counter}`, organisationId, personId: null, kind: 'invitation', recordUniqueId: `r-${counter}`, at: new Date(), onceKey, message: { to: 'x@example.com', subject: 's', text: `t${counter}` } };
  };
  const lease = (from: Date) => new Date(from.getTime() + 60_000);

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { env: { WEBHOOK_DELIVERY: 'off' } });
    const owner = await signUp(app.client);
    const container = app.application.container;
    queue = container.get(NOTIFICATION_TOKENS.NotificationQueue);
    unitOfWork = container.get(SHARED_TOKENS.UnitOfWork);
    organisationId = (await container.get<OrganisationRepository>(ORGANISATION_TOKENS.OrganisationRepository).findByUniqueId(owner.organisationUniqueId))!.id;
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  /** Claims everything due, and settles it as sent, so that the next test starts from an empty queue. */
  const drain = async (now = new Date(Date.now() + 3_600_000)) => {
    for (const claimed of await queue.claim(now, 1000, lease(now))) await queue.settle(claimed.id, { attempts: 1, at: now, error: null }, { state: 'sent' });
  };

  it('keeps no e-mail of a transaction that rolled back', async () => {
    await drain();
    await expect(
      unitOfWork.transaction(async () => {
        await queue.enqueue([mail()]);
        throw new Error('the change failed after its e-mail was written');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queue.claim(new Date(Date.now() + 1000), 100, lease(new Date()))).toEqual([]);
  });

  it('gives each e-mail to one of two workers claiming at once, the message as written', async () => {
    await drain();
    await queue.enqueue(Array.from({ length: 20 }, () => mail()));
    const now = new Date(Date.now() + 1000);
    const [a, b] = await Promise.all([queue.claim(now, 15, lease(now)), queue.claim(now, 15, lease(now))]);
    const ids = [...a, ...b].map((claimed) => claimed.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeLessThanOrEqual(20);
    expect(a[0]?.message).toMatchObject({ to: 'x@example.com', subject: 's' });
    // The rest, once the leases of the first claims ran out: nothing was lost.
    const later = new Date(now.getTime() + 120_000);
    expect((await queue.claim(later, 100, lease(later))).length).toBe(20);
  });

  it('writes an e-mail with a once-key at most once', async () => {
    await drain();
    await queue.enqueue([mail('reminder:vendor:2026-03-15')]);
    await queue.enqueue([mail('reminder:vendor:2026-03-15'), mail('reminder:vendor:2026-03-16')]);
    const now = new Date(Date.now() + 1000);
    expect((await queue.claim(now, 100, lease(now))).map((claimed) => claimed.message.text)).toHaveLength(2);
  });

  it('prunes finished e-mails written before the cut, never a pending one', async () => {
    await drain();
    await queue.prune(new Date(Date.now() + 3_600_000), 100_000); // what the earlier tests left
    await queue.enqueue([mail(), mail()]);
    const now = new Date(Date.now() + 1000);
    const [sent] = await queue.claim(now, 1, lease(now));
    await queue.settle(sent.id, { attempts: 1, at: now, error: null }, { state: 'sent' });
    expect(await queue.prune(new Date(Date.now() + 2000), 1000)).toBe(1);
    expect(await queue.prune(new Date(Date.now() + 2000), 1000)).toBe(0);
    expect(await queue.backlog()).toBe(1);
  });
});
