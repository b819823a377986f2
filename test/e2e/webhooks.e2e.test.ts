import { Webhook } from 'standardwebhooks';
import { WEBHOOK_EVENT_TYPES } from '../../domain/webhook/webhook-events';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { actOn, createExpense, expensePaths } from '../support/expenses';
import { FixedClock } from '../support/fixed-clock';
import { startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

/** The worker looks often, so that tests wait little. */
const FAST_POLL = { WEBHOOK_POLL_MS: '20' };

describe.each(testDatabases())('webhooks on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let receiver: WebhookReceiver;
  const org = () => `/api/v1.0/organisation/${owner.organisationUniqueId}`;
  const hooks = () => `${org()}/webhooks`;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    // Every import in the background (a file of one row too), so that one sends `import.completed`.
    app = await startTestApp(database, { env: { ...FAST_POLL, IMPORT_SYNC_MAX_ROWS: '0' } });
    owner = await signUp(app.client, { first_name: 'Olive', last_name: 'Owner' });
    member = await signUp(app.client, { first_name: 'Mo', last_name: 'Member' });
    stranger = await signUp(app.client);
    const invitation = await owner.api.post(`${org()}/invitations/`, { email: member.email, role: 'member' });
    await member.api.post(`/api/v1.0/invitations/${invitation.body.token}/accept/`);
    receiver = await new WebhookReceiver().start();
  });

  afterAll(async () => {
    await app.close();
    await receiver.close();
    await dispose();
  });

  describe('endpoints', () => {
    it('are created by the owner, with a secret shown once, and listed, changed and deleted', async () => {
      const created = await owner.api.post(`${hooks()}/create/`, { url: receiver.url, events: ['vendor.created'], unique_id: 'crm' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ unique_id: 'crm', url: receiver.url, events: ['vendor.created'], is_active: true, failing_since: null });
      expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

      const read = await owner.api.get(`${hooks()}/crm/`);
      expect(read.status).toBe(200);
      expect(read.body).not.toHaveProperty('secret');
      const listed = await owner.api.get(`${hooks()}/`);
      expect(listed.body.map((endpoint: { unique_id: string }) => endpoint.unique_id)).toContain('crm');

      const changed = await owner.api.patch(`${hooks()}/crm/`, { events: ['vendor.created', 'vendor.deleted'], is_active: false });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ events: ['vendor.created', 'vendor.deleted'], is_active: false });

      expect((await owner.api.delete(`${hooks()}/crm/`)).status).toBe(204);
      expect((await owner.api.get(`${hooks()}/crm/`)).status).toBe(404);
    });

    it('are at most 20 per organisation, however many creates arrive at once: the 21st is a 400 until one is removed', async () => {
      const founder = await signUp(app.client);
      const theirs = `/api/v1.0/organisation/${founder.organisationUniqueId}/webhooks`;
      const create = (uniqueId: string) => founder.api.post(`${theirs}/create/`, { url: receiver.url, events: ['vendor.created'], unique_id: uniqueId });
      const answers = await Promise.all(Array.from({ length: 21 }, (_, i) => create(`hook-${i}`)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(20).fill(201), 400]);
      const refused = answers.find((answer) => answer.status === 400)!;
      expect(refused.body).toEqual({ non_field_errors: ['An organisation can have at most 20 webhook endpoints: remove one to add another.'] });
      expect((await founder.api.get(`${theirs}/`)).body).toHaveLength(20);
      // Another organisation's endpoints are its own count.
      const other = await signUp(app.client);
      expect((await other.api.post(`/api/v1.0/organisation/${other.organisationUniqueId}/webhooks/create/`, { url: receiver.url, events: ['vendor.created'] })).status).toBe(201);

      const kept = answers.find((answer) => answer.status === 201)!.body.unique_id;
      expect((await create('hook-21')).status).toBe(400);
      expect((await founder.api.delete(`${theirs}/${kept}/`)).status).toBe(204);
      expect((await create('hook-21')).status).toBe(201);
    });

    it('refuse URLs that are not https (http only to localhost here), unknown events and an empty list', async () => {
      const create = (body: Record<string, unknown>) => owner.api.post(`${hooks()}/create/`, body);
      expect((await create({ url: 'http://example.com/hook', events: ['vendor.created'] })).body).toEqual({ url: ['Use https (http only to localhost).'] });
      expect((await create({ url: 'ftp://example.com/hook', events: ['vendor.created'] })).body).toEqual({ url: ['Enter a valid URL.'] });
      expect((await create({ url: 'https://user:pw@example.com/', events: ['vendor.created'] })).status).toBe(400);
      expect((await create({ url: 'https://example.com/hook', events: ['vendor.exploded'] })).body).toEqual({ events: ['"vendor.exploded" is not a valid choice.'] });
      expect((await create({ url: 'https://example.com/hook', events: [] })).body).toEqual({ events: ['This selection may not be empty.'] });
      expect((await create({ url: 'https://example.com/hook' })).body).toEqual({ events: ['This field is required.'] });
      expect((await create({ url: 'https://example.com/hook', events: ['vendor.created'] })).status).toBe(201);
    });

    it('are the owner’s alone: a member gets 403, another organisation’s member 404', async () => {
      await owner.api.post(`${hooks()}/create/`, { url: receiver.url, events: ['lead.created'], unique_id: 'private' });
      expect((await member.api.get(`${hooks()}/`)).status).toBe(403);
      expect((await member.api.post(`${hooks()}/create/`, { url: receiver.url, events: ['lead.created'] })).status).toBe(403);
      expect((await member.api.get(`${hooks()}/private/`)).status).toBe(403);
      expect((await member.api.post(`${hooks()}/private/ping/`)).status).toBe(403);
      for (const [method, path] of [
        ['GET', `${hooks()}/`],
        ['GET', `${hooks()}/private/`],
        ['PATCH', `${hooks()}/private/`],
        ['DELETE', `${hooks()}/private/`],
        ['GET', `${hooks()}/private/deliveries/`],
        ['POST', `${hooks()}/private/ping/`],
      ] as const) {
        expect([method, path, (await stranger.api.request(method, path, { json: method === 'PATCH' ? { is_active: false } : undefined })).status]).toEqual([method, path, 404]);
      }
      await owner.api.delete(`${hooks()}/private/`);
    });
  });

  it('delivers every event type, signed, after the change commits, with the record as the API presents it, in order per record', async () => {
    receiver.received.length = 0;
    const created = await owner.api.post(`${hooks()}/create/`, { url: receiver.url, events: [...WEBHOOK_EVENT_TYPES], unique_id: 'everything' });
    const verifier = new Webhook(created.body.secret);
    const paths = expensePaths(owner.organisationUniqueId);

    const vendor = await member.api.post(`${org()}/vendors/create/`, { name: 'Paper Co', unique_id: 'paper' });
    const vendorChanged = await member.api.patch(`${org()}/vendors/paper/update/`, { website: 'https://paper.example' });
    await member.api.delete(`${org()}/vendors/paper/delete/`);

    const lead = await member.api.post(`${org()}/leads/create/`, { title: 'Fit-out', lead_source: 'referral', sales_stage: 'stage-new', unique_id: 'fit' });
    await member.api.patch(`${org()}/leads/fit/update/`, { win_probability: '100' });
    await member.api.post(`${org()}/leads/create/`, { title: 'Lost one', lead_source: 'referral', sales_stage: 'stage-new', unique_id: 'gone' });
    await member.api.patch(`${org()}/leads/gone/update/`, { win_probability: '0' });
    await member.api.delete(`${org()}/leads/gone/delete/`);

    const paid = await createExpense(member.api, owner.organisationUniqueId, { unique_id: 'paid' });
    await member.api.patch(paths.update('paid'), { amount: '30.00' });
    await actOn(member.api, owner.organisationUniqueId, 'paid', 'submit');
    await actOn(owner.api, owner.organisationUniqueId, 'paid', 'approve', 'mark_paid');
    await createExpense(member.api, owner.organisationUniqueId, { unique_id: 'reimbursed' });
    await actOn(member.api, owner.organisationUniqueId, 'reimbursed', 'submit');
    await actOn(owner.api, owner.organisationUniqueId, 'reimbursed', 'approve', 'reimburse');
    await createExpense(member.api, owner.organisationUniqueId, { unique_id: 'dropped' });
    await actOn(member.api, owner.organisationUniqueId, 'dropped', 'submit');
    await owner.api.get(paths.action('dropped', 'reject', 'No receipt'));
    await actOn(member.api, owner.organisationUniqueId, 'dropped', 'reopen');
    await member.api.delete(paths.delete('dropped'));

    const group = await member.api.post(`${org()}/contact-groups/create/`, { name: 'Suppliers', unique_id: 'suppliers' });
    expect(group.status).toBe(201);
    const contacts = `${org()}/contact-groups/suppliers/contacts`;
    await member.api.post(`${contacts}/create/`, { first_name: 'Ann', unique_id: 'ann' });
    await member.api.patch(`${contacts}/ann/`, { last_name: 'Lee' });
    await member.api.delete(`${contacts}/ann/`);

    const project = await owner.api.post(`${org()}/projects/create/`, { name: 'Fit-out', unique_id: 'fit-out' });
    const projectChanged = await owner.api.patch(`${org()}/projects/fit-out/update/`, { status: 'completed' });
    await owner.api.delete(`${org()}/projects/fit-out/delete/`);

    const joining = await signUp(app.client, { first_name: 'Nia', last_name: 'New' });
    const invitation = await owner.api.post(`${org()}/invitations/`, { email: joining.email, role: 'member' });
    await joining.api.post(`/api/v1.0/invitations/${invitation.body.token}/accept/`);
    // Handed over and back: each transfer changes two roles.
    expect((await owner.api.post(`${org()}/transfer-ownership/`, { person: joining.personUniqueId, current_password: owner.password })).status).toBe(200);
    expect((await joining.api.post(`${org()}/transfer-ownership/`, { person: owner.personUniqueId, current_password: joining.password })).status).toBe(200);
    await owner.api.delete(`${org()}/members/${joining.personUniqueId}/`);

    // A dry run writes nothing (no vendor event): its end alone is announced.
    const form = new FormData();
    for (const [name, value] of Object.entries({ resource: 'vendors', dry_run: 'true' })) form.append(name, value);
    form.append('file', new Blob(['name\nChecked Co\n'], { type: 'text/csv' }), 'vendors.csv');
    const imported = await member.api.request('POST', `${org()}/imports/`, { multipart: form });
    expect(imported.status).toBe(202);

    await receiver.waitFor((received) => WEBHOOK_EVENT_TYPES.every((type) => received.some((m) => m.event.type === type)));
    await receiver.waitFor((received) => received.length >= 37);
    await new Promise((resolve) => setTimeout(resolve, 200)); // nothing more is on its way
    expect(receiver.received).toHaveLength(37);

    for (const message of receiver.received) {
      // The Standard Webhooks library verifies the signature (and the timestamp's freshness).
      expect(verifier.verify(message.body, { 'webhook-id': message.id, 'webhook-timestamp': message.timestamp, 'webhook-signature': message.signature })).toEqual(message.event);
      expect(message.id).toBe(message.event.id);
      expect(message.event.organisation).toBe(owner.organisationUniqueId);
      expect(message.headers['content-type']).toBe('application/json');
    }
    expect(new Set(receiver.received.map((m) => m.id)).size).toBe(37);
    expect(receiver.ofType('vendor.created')[0].event.data).toEqual(vendor.body);
    expect(receiver.ofType('vendor.updated')[0].event.data).toEqual(vendorChanged.body);
    expect(receiver.ofType('vendor.deleted')[0].event.data).toEqual(vendorChanged.body);
    expect(receiver.ofType('lead.created')[0].event.data).toEqual(lead.body);
    expect(receiver.ofType('lead.won').map((m) => m.event.data.unique_id)).toEqual(['fit']);
    expect(receiver.ofType('lead.lost').map((m) => m.event.data.unique_id)).toEqual(['gone']);
    expect(receiver.ofType('expense.created')[0].event.data).toEqual(paid);
    expect(receiver.ofType('expense.paid')[0].event.data).toMatchObject({ unique_id: 'paid', status: 'paid' });
    expect(receiver.ofType('member.joined')[0].event.data).toMatchObject({ unique_id: joining.personUniqueId, full_name: 'Nia New', role: 'member' });
    expect(receiver.ofType('member.removed')[0].event.data).toMatchObject({ unique_id: joining.personUniqueId });
    const rolesOf = (person: string) => receiver.ofType('member.role_changed').filter((m) => m.event.data.unique_id === person).map((m) => m.event.data.role);
    expect({ joining: rolesOf(joining.personUniqueId), owner: rolesOf(owner.personUniqueId) }).toEqual({ joining: ['owner', 'member'], owner: ['member', 'owner'] });
    expect(receiver.ofType('project.created')[0].event.data).toEqual(project.body);
    expect(receiver.ofType('project.updated')[0].event.data).toEqual(projectChanged.body);
    expect(receiver.ofType('project.deleted')[0].event.data).toEqual(projectChanged.body);
    const { errors, ...checked } = (await member.api.get(`${org()}/imports/${imported.body.unique_id}/`)).body;
    expect(receiver.ofType('import.completed')[0].event.data).toEqual(checked);
    expect([checked.status, checked.created, errors]).toEqual(['checked', 1, []]);
    // One record's events arrive in the order they were committed.
    const ofExpense = (id: string) => receiver.received.filter((m) => m.event.data.unique_id === id && m.event.type.startsWith('expense.')).map((m) => m.event.type);
    expect(ofExpense('paid')).toEqual(['expense.created', 'expense.updated', 'expense.submitted', 'expense.approved', 'expense.paid']);
    expect(ofExpense('dropped')).toEqual(['expense.created', 'expense.submitted', 'expense.rejected', 'expense.reopened', 'expense.deleted']);
    expect(receiver.received.filter((m) => m.event.data.unique_id === 'fit').map((m) => m.event.type)).toEqual(['lead.created', 'lead.updated', 'lead.won']);

    const deliveries = await owner.api.get(`${hooks()}/everything/deliveries/?page_size=100`);
    expect(deliveries.status).toBe(200);
    expect(deliveries.headers.get('X-Total-Count')).toBe('37');
    expect(deliveries.body[0]).toMatchObject({ attempt: 1, succeeded: true, status_code: 200, error: null });
    await owner.api.delete(`${hooks()}/everything/`);
  });

  it('sends nothing for a change that was refused or rolled back, nor to an endpoint not subscribed or inactive', async () => {
    receiver.received.length = 0;
    await owner.api.post(`${hooks()}/create/`, { url: receiver.url, events: ['vendor.updated', 'vendor.deleted', 'expense.approved'], unique_id: 'quiet' });
    await owner.api.post(`${hooks()}/create/`, { url: receiver.url, events: ['vendor.created'], unique_id: 'paused', is_active: false });
    await member.api.post(`${org()}/vendors/create/`, { name: 'Ink Ltd', unique_id: 'ink' });
    await createExpense(member.api, owner.organisationUniqueId, { unique_id: 'busy', vendor_id: 'ink' });
    expect((await member.api.patch(`${org()}/vendors/ink/update/`, { quality_rating: '9' })).status).toBe(400);
    expect((await member.api.delete(`${org()}/vendors/ink/delete/`)).status).toBe(409);
    expect((await owner.api.get(expensePaths(owner.organisationUniqueId).action('busy', 'approve'))).status).toBe(409);
    expect((await member.api.patch(`${org()}/vendors/ink/update/`, { name: 'Ink' }, { headers: { 'If-Match': '"stale"' } })).status).toBe(412);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toEqual([]);
    await owner.api.delete(`${hooks()}/quiet/`);
    await owner.api.delete(`${hooks()}/paused/`);
  });

  it('answers a ping with the receiver’s answer and lists it among the deliveries', async () => {
    receiver.received.length = 0;
    await owner.api.post(`${hooks()}/create/`, { url: receiver.url, events: ['vendor.created'], unique_id: 'pinged' });
    const ping = await owner.api.post(`${hooks()}/pinged/ping/`);
    expect(ping.status).toBe(200);
    expect(ping.body).toMatchObject({ event_type: 'webhook.ping', attempt: 1, succeeded: true, status_code: 200, error: null });
    expect(receiver.received.map((m) => [m.event.type, m.event.data])).toEqual([['webhook.ping', { endpoint: 'pinged' }]]);
    receiver.answers.push(503);
    expect((await owner.api.post(`${hooks()}/pinged/ping/`)).body).toMatchObject({ succeeded: false, status_code: 503, error: 'The receiver answered 503.' });
    const deliveries = await owner.api.get(`${hooks()}/pinged/deliveries/`);
    expect(deliveries.body.map((d: { status_code: number }) => d.status_code)).toEqual([503, 200]);
    await owner.api.delete(`${hooks()}/pinged/`);
  });

  it('takes five pings a minute per endpoint, then answers 429 with Retry-After; another endpoint is counted apart', async () => {
    await owner.api.post(`${hooks()}/create/`, { url: receiver.url, events: ['vendor.created'], unique_id: 'pinged-often' });
    await owner.api.post(`${hooks()}/create/`, { url: receiver.url, events: ['vendor.created'], unique_id: 'pinged-once' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await owner.api.post(`${hooks()}/pinged-often/ping/`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = await owner.api.post(`${hooks()}/pinged-often/ping/`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await owner.api.post(`${hooks()}/pinged-once/ping/`)).status).toBe(200);
      const logged = await owner.api.get(`${hooks()}/pinged-often/deliveries/`);
      expect(logged.body).toHaveLength(5);
    } finally {
      await owner.api.delete(`${hooks()}/pinged-often/`);
      await owner.api.delete(`${hooks()}/pinged-once/`);
    }
  });

  it('reads at most 64 KiB of a receiver whose answer never ends, and records its status, for a ping and a delivery', async () => {
    const endless = await new WebhookReceiver().start();
    endless.streamEndlessly = true;
    try {
      await owner.api.post(`${hooks()}/create/`, { url: endless.url, events: ['vendor.created'], unique_id: 'endless' });
      const ping = await owner.api.post(`${hooks()}/endless/ping/`);
      expect(ping.body).toMatchObject({ event_type: 'webhook.ping', succeeded: true, status_code: 200, error: null });
      await member.api.post(`${org()}/vendors/create/`, { name: 'Stream Ltd', unique_id: 'stream' });
      const deadline = Date.now() + 5_000;
      let attempts: { event_type: string; status_code: number | null; succeeded: boolean }[] = [];
      while (attempts.length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        attempts = (await owner.api.get(`${hooks()}/endless/deliveries/`)).body;
      }
      expect(attempts.map((a) => [a.event_type, a.status_code, a.succeeded]).sort()).toEqual([
        ['vendor.created', 200, true],
        ['webhook.ping', 200, true],
      ]);
      // Two answers of 64 KiB read each, and what was on its way when the sender closed.
      expect(endless.streamed).toBeLessThan(2 * 256 * 1024);
    } finally {
      await owner.api.delete(`${hooks()}/endless/`);
      await endless.close();
    }
  });
});

describe.each(testDatabases())('webhook retries on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let receiver: WebhookReceiver;
  const clock = new FixedClock(new Date());

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { env: FAST_POLL, clock });
    receiver = await new WebhookReceiver().start();
  });

  afterAll(async () => {
    await app.close();
    await receiver.close();
    await dispose();
  });

  it('tries again after 1, 5 and 30 minutes; the fourth attempt delivers, and the deliveries list shows all four', async () => {
    const owner = await signUp(app.client);
    const org = `/api/v1.0/organisation/${owner.organisationUniqueId}`;
    await owner.api.post(`${org}/webhooks/create/`, { url: receiver.url, events: ['vendor.created'], unique_id: 'flaky' });
    receiver.answers.push(500, 500, 500);
    await owner.api.post(`${org}/vendors/create/`, { name: 'Retry Co' });

    await receiver.waitFor((received) => received.length === 1);
    for (const [minutes, attempts] of [[1, 2], [5, 3], [30, 4]] as const) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(receiver.received).toHaveLength(attempts - 1); // not before its time
      clock.advance({ minutes, seconds: 1 });
      await receiver.waitFor((received) => received.length === attempts);
    }
    expect(new Set(receiver.received.map((m) => m.id)).size).toBe(1); // the same message each time
    expect(new Set(receiver.received.map((m) => m.body)).size).toBe(1);

    const deliveries = await owner.api.get(`${org}/webhooks/flaky/deliveries/`);
    expect(deliveries.headers.get('X-Total-Count')).toBe('4');
    expect(deliveries.body.map((d: Record<string, unknown>) => [d.attempt, d.succeeded, d.status_code])).toEqual([
      [4, true, 200],
      [3, false, 500],
      [2, false, 500],
      [1, false, 500],
    ]);
    expect(deliveries.body[3].error).toBe('The receiver answered 500.');
    expect((await owner.api.get(`${org}/webhooks/flaky/`)).body.failing_since).toBeNull();
  });
});
