import { randomBytes } from 'node:crypto';
import { signUp, TestUser } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { testDatabases } from '../support/databases';
import { Clock } from '../../application/shared/ports';
import { CalendarDate } from '../../domain/shared/calendar-date';
import { addMember } from '../support/members';
import { startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { createLogger } from '../../adapters/system/logger';

/** Real time, moved on at will (expiry, the last use's minute): frozen time would stall the webhook worker's leases. */
class AdvancingClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  today(): CalendarDate {
    return CalendarDate.ofInstant(this.now());
  }

  advance(by: { minutes?: number; seconds?: number }): void {
    this.offsetMs += ((by.minutes ?? 0) * 60 + (by.seconds ?? 0)) * 1000;
  }
}

/**
 * API keys (issue 44): made by members, answered once, kept as a hash, sent
 * as `Bearer` or `Token`, acting as their person in their organisation alone,
 * within their scopes, until revoked, expired, or their person leaves.
 */
describe.each(testDatabases())('API keys on $name', (factory) => {
  let app: TestApp;
  /** A second instance on the same database. */
  let other: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let receiver: WebhookReceiver;
  const logLines: string[] = [];
  const clock = new AdvancingClock();
  const org = () => `/api/v1.0/organisation/${owner.organisationUniqueId}`;
  const keys = () => `${org()}/api-keys`;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    const encryptionKey = randomBytes(32);
    // A low throttle, so that its test fails few keys.
    const env = { LOGIN_FAILURES_PER_EMAIL: '3', API_KEY_REQUESTS_PER_MINUTE: '6' };
    const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });
    app = await startTestApp(database, { clock, encryptionKey, env: { ...env, WEBHOOK_POLL_MS: '50' }, logger });
    // One worker: two in one process would wait on each other's SQLite write lock, blocking the process.
    other = await startTestApp(database, { clock, encryptionKey, env: { ...env, WEBHOOK_DELIVERY: 'false' } });
    owner = await signUp(app.client, { first_name: 'Olive', last_name: 'Owner' });
    member = await signUp(app.client, { first_name: 'Mo', last_name: 'Member' });
    await addMember(app, owner.organisationUniqueId, member);
    receiver = await new WebhookReceiver().start();
  });

  afterAll(async () => {
    await receiver.close();
    await app.close();
    await other.close();
    await dispose();
  });

  /** A new key of `user` in the owner's organisation, and a client that sends it. */
  async function aKey(user: TestUser, body: object = {}): Promise<{ uniqueId: string; key: string; api: ApiClient }> {
    const created = await user.api.post(`${keys()}/create/`, { name: 'Sync', scopes: ['*:write'], ...body });
    if (created.status !== 201) throw new Error(`key not made: ${created.status} ${created.text}`);
    return { uniqueId: created.body.unique_id, key: created.body.key, api: app.client.withKey(created.body.key) };
  }

  describe('the resource', () => {
    it('answers the key in full once, and then only its prefix', async () => {
      const created = await owner.api.post(`${keys()}/create/`, { name: 'Accounting sync', scopes: ['expenses:read', 'vendors:write'] });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Accounting sync',
        scopes: ['expenses:read', 'vendors:write'],
        expires_at: null,
        last_used_at: null,
        revoked_at: null,
        created_by: { unique_id: owner.personUniqueId, full_name: 'Olive Owner' },
      });
      expect(created.body.key).toMatch(/^bmk_[A-Za-z0-9_-]{43}$/);
      expect(created.body.prefix).toBe(created.body.key.slice(0, 12));

      const read = await owner.api.get(`${keys()}/${created.body.unique_id}/`);
      expect(read.status).toBe(200);
      expect(read.body).not.toHaveProperty('key');
      expect(read.body).not.toHaveProperty('secret_hash');
      expect(read.body.prefix).toBe(created.body.prefix);
      const listed = await owner.api.get(`${keys()}/`);
      expect(listed.body.find((key: { unique_id: string }) => key.unique_id === created.body.unique_id)).not.toHaveProperty('key');
    });

    it('refuses unknown scopes, none, and an expiry in the past', async () => {
      const refused = await owner.api.post(`${keys()}/create/`, { name: 'Bad', scopes: ['vendors:delete'] });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ scopes: ['"vendors:delete" is not a valid choice.'] });
      expect((await owner.api.post(`${keys()}/create/`, { name: 'Bad', scopes: [] })).status).toBe(400);
      const past = await owner.api.post(`${keys()}/create/`, { name: 'Old', scopes: ['*:read'], expires_at: new Date(clock.now().getTime() - 1000).toISOString() });
      expect(past.body).toEqual({ expires_at: ['Ensure this value is in the future.'] });
    });

    it('changes its name and scopes, not its expiry', async () => {
      const { uniqueId } = await aKey(owner);
      const changed = await owner.api.patch(`${keys()}/${uniqueId}/`, { name: 'CRM', scopes: ['leads:read'] });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ name: 'CRM', scopes: ['leads:read'] });
      const expiry = await owner.api.patch(`${keys()}/${uniqueId}/`, { expires_at: new Date(clock.now().getTime() + 86_400_000).toISOString() });
      expect(expiry.status).toBe(400);
      expect(expiry.body).toEqual({ expires_at: ['The expiry is set when the key is made: make a new key instead.'] });
    });

    it('reaches a member their own keys, and the owner every key of the organisation', async () => {
      const ownersKey = await aKey(owner, { name: 'The owner’s' });
      const membersKey = await aKey(member, { name: 'The member’s' });
      const seenBy = async (user: TestUser) => ((await user.api.get(`${keys()}/?page_size=1000`)).body as { unique_id: string }[]).map((key) => key.unique_id);
      expect(await seenBy(owner)).toEqual(expect.arrayContaining([ownersKey.uniqueId, membersKey.uniqueId]));
      expect(await seenBy(member)).toContain(membersKey.uniqueId);
      expect(await seenBy(member)).not.toContain(ownersKey.uniqueId);
      expect((await member.api.get(`${keys()}/${ownersKey.uniqueId}/`)).status).toBe(404);
      expect((await member.api.delete(`${keys()}/${ownersKey.uniqueId}/`)).status).toBe(404);
      expect((await owner.api.delete(`${keys()}/${membersKey.uniqueId}/`)).status).toBe(204);
    });
  });

  describe('authentication', () => {
    it('takes a key as Bearer or as Token, acting as its person, with no CSRF token', async () => {
      const { key } = await aKey(member);
      for (const scheme of ['Bearer', 'Token'] as const) {
        const me = await app.client.withKey(key, scheme).get('/api/v1.0/me/');
        expect(me.status).toBe(200);
        expect(me.body.unique_id).toBe(member.personUniqueId);
      }
      const vendor = await app.client.withKey(key).post(`${org()}/vendors/create/`, { name: 'Made with a key' });
      expect(vendor.status).toBe(201);
    });

    it('answers an unknown key 401 with the Bearer challenge, and throttles a client that keeps failing', async () => {
      const { key } = await aKey(owner);
      const wrong = `${key.slice(0, 20)}${'A'.repeat(key.length - 20)}`;
      const refused = await app.client.withKey(wrong).get('/api/v1.0/me/');
      expect(refused.status).toBe(401);
      expect(refused.headers.get('WWW-Authenticate')).toBe('Bearer realm="api"');
      expect(refused.body).toEqual({ detail: 'Invalid token.' });
      expect((await app.client.withKey('not-a-key').get('/api/v1.0/me/')).status).toBe(401);
      // Three failures with this prefix from this address (LOGIN_FAILURES_PER_EMAIL), then 429 on every instance.
      await app.client.withKey(wrong).get('/api/v1.0/me/');
      await app.client.withKey(wrong).get('/api/v1.0/me/');
      const throttled = await other.client.withKey(wrong).get('/api/v1.0/me/');
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThan(0);
      // The good key of that prefix still works, as a remembered Basic credential does.
      expect((await app.client.withKey(key).get('/api/v1.0/me/')).status).toBe(200);
    });

    it('stops working once revoked, on every instance at the next request, and is still listed as revoked', async () => {
      const { uniqueId, key } = await aKey(owner);
      expect((await other.client.withKey(key).get('/api/v1.0/me/')).status).toBe(200);
      expect((await owner.api.delete(`${keys()}/${uniqueId}/`)).status).toBe(204);
      expect((await other.client.withKey(key).get('/api/v1.0/me/')).status).toBe(401);
      const read = await owner.api.get(`${keys()}/${uniqueId}/`);
      expect(read.body.revoked_at).not.toBeNull();
      expect((await owner.api.get(`${keys()}/?page_size=1000`)).body.map((listed: { unique_id: string }) => listed.unique_id)).toContain(uniqueId);
    });

    it('stops working when it expires', async () => {
      const { key } = await aKey(owner, { expires_at: new Date(clock.now().getTime() + 60_000).toISOString() });
      expect((await app.client.withKey(key).get('/api/v1.0/me/')).status).toBe(200);
      clock.advance({ minutes: 1 });
      expect((await app.client.withKey(key).get('/api/v1.0/me/')).status).toBe(401);
    });

    it('stops working, and is revoked, when its person leaves the organisation', async () => {
      const leaver = await signUp(app.client);
      await addMember(app, owner.organisationUniqueId, leaver);
      const { uniqueId, key } = await aKey(leaver);
      expect((await other.client.withKey(key).get(`${org()}/vendors/`)).status).toBe(200);
      expect((await owner.api.delete(`${org()}/members/${leaver.personUniqueId}/`)).status).toBe(204);
      expect((await other.client.withKey(key).get('/api/v1.0/me/')).status).toBe(401);
      expect((await owner.api.get(`${keys()}/${uniqueId}/`)).body.revoked_at).not.toBeNull();
      // Coming back does not bring the key back.
      await addMember(app, owner.organisationUniqueId, leaver);
      expect((await app.client.withKey(key).get('/api/v1.0/me/')).status).toBe(401);
    });

    it('reaches its own organisation alone: another of its person’s is a 404', async () => {
      const { api } = await aKey(owner);
      const second = await owner.api.post('/api/v1.0/organisations/create/', { name: 'Second' });
      expect((await owner.api.get(`/api/v1.0/organisation/${second.body.unique_id}/vendors/`)).status).toBe(200);
      expect((await api.get(`/api/v1.0/organisation/${second.body.unique_id}/vendors/`)).status).toBe(404);
      expect((await api.get(`/api/v1.0/organisation/${second.body.unique_id}/`)).status).toBe(404);
      const organisations = await api.get('/api/v1.0/organisations/');
      expect(organisations.body.map((organisation: { unique_id: string }) => organisation.unique_id)).toEqual([owner.organisationUniqueId]);
    });

    it('never does more than its person’s role allows', async () => {
      const { api } = await aKey(member);
      expect((await api.get(`${org()}/activity/`)).status).toBe(403);
      expect((await api.get(`${org()}/webhooks/`)).status).toBe(403);
    });

    it('writes its last use at most once a minute', async () => {
      const { uniqueId, api } = await aKey(owner);
      await api.get('/api/v1.0/me/');
      const first = (await owner.api.get(`${keys()}/${uniqueId}/`)).body.last_used_at;
      expect(first).not.toBeNull();
      clock.advance({ seconds: 30 });
      await api.get('/api/v1.0/me/');
      expect((await owner.api.get(`${keys()}/${uniqueId}/`)).body.last_used_at).toBe(first);
      clock.advance({ seconds: 31 });
      await api.get('/api/v1.0/me/');
      expect((await owner.api.get(`${keys()}/${uniqueId}/`)).body.last_used_at).not.toBe(first);
    });
  });

  describe('what a key does', () => {
    it('is recorded with the key beside its person: in history, the activity and the webhook events', async () => {
      const hook = await owner.api.post(`${org()}/webhooks/create/`, { url: receiver.url, events: ['vendor.created'] });
      expect(hook.status).toBe(201);
      const { uniqueId, api } = await aKey(owner, { name: 'Accounting sync' });
      const byKey = await api.post(`${org()}/vendors/create/`, { name: 'Keyed Supplies' });
      const byPassword = await owner.api.post(`${org()}/vendors/create/`, { name: 'Typed Supplies' });
      const named = { unique_id: uniqueId, name: 'Accounting sync' };

      const history = await owner.api.get(`${org()}/vendors/${byKey.body.unique_id}/history/`);
      expect(history.body[0]).toMatchObject({ action: 'created', actor: { unique_id: owner.personUniqueId }, api_key: named });
      expect((await owner.api.get(`${org()}/vendors/${byPassword.body.unique_id}/history/`)).body[0].api_key).toBeNull();
      const activity = await owner.api.get(`${org()}/activity/?model=vendor`);
      expect(activity.body.find((entry: { record: string }) => entry.record === byKey.body.unique_id).api_key).toEqual(named);

      await receiver.waitFor((received) => received.filter((message) => message.event.type === 'vendor.created').length >= 2);
      const events = receiver.ofType('vendor.created').map((message) => message.event as unknown as { data: { unique_id: string }; api_key?: unknown });
      expect(events.find((event) => event.data.unique_id === byKey.body.unique_id)?.api_key).toEqual(named);
      expect(events.find((event) => event.data.unique_id === byPassword.body.unique_id)).not.toHaveProperty('api_key');
      await owner.api.delete(`${org()}/webhooks/${hook.body.unique_id}/`);
    });

    it('is logged by the key’s prefix, never the key', async () => {
      const { key, api } = await aKey(owner);
      await api.get('/api/v1.0/me/');
      const lines = logLines.map((line) => JSON.parse(line) as { msg: string; apiKey?: string });
      expect(lines.filter((line) => line.msg === 'request' && line.apiKey === key.slice(0, 12))).toHaveLength(1);
      expect(logLines.some((line) => line.includes(key))).toBe(false);
    });
  });

  describe('limits', () => {
    it('let a key make so many requests a minute, saying how many are left once half are used, then answer 429', async () => {
      const { api } = await aKey(owner);
      const answers: Awaited<ReturnType<typeof api.get>>[] = [];
      for (let request = 0; request < 6; request++) answers.push(await api.get('/api/v1.0/me/'));
      const fields = (answer: (typeof answers)[number]) =>
        [answer.headers.get('RateLimit-Limit'), answer.headers.get('RateLimit-Remaining'), answer.headers.get('RateLimit-Reset')];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
      // Five and four of six left: far from the limit, nothing said.
      expect(answers.slice(0, 2).map(fields)).toEqual([[null, null, null], [null, null, null]]);
      expect(answers.slice(2).map((answer) => fields(answer).slice(0, 2))).toEqual([3, 2, 1, 0].map((left) => ['6', String(left)]));
      expect(Number(answers[2].headers.get('RateLimit-Reset'))).toBeGreaterThan(0);
      const refused = await api.get('/api/v1.0/me/');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(refused.headers.get('RateLimit-Remaining')).toBe('0');
      // Each key counts its own; its person's password is not limited by it.
      expect((await (await aKey(owner)).api.get('/api/v1.0/me/')).status).toBe(200);
      expect((await owner.api.get('/api/v1.0/me/')).status).toBe(200);
    });
  });

  describe('scopes', () => {
    it('let a key read what it may read, and refuse a write naming the scope it needs', async () => {
      const { api } = await aKey(owner, { scopes: ['vendors:read'] });
      expect((await api.get(`${org()}/vendors/`)).status).toBe(200);
      const write = await api.post(`${org()}/vendors/create/`, { name: 'Refused' });
      expect(write.status).toBe(403);
      expect(write.body).toEqual({ detail: 'This API key lacks the "vendors:write" scope.' });
      const elsewhere = await api.get(`${org()}/expenses/`);
      expect(elsewhere.body).toEqual({ detail: 'This API key lacks the "expenses:read" scope.' });
    });

    it('never let a key manage keys, change a password or the profile', async () => {
      const { api } = await aKey(owner, { scopes: ['*:write'] });
      const refusal = { detail: 'API keys cannot be used for this operation.' };
      expect((await api.post(`${keys()}/create/`, { name: 'Another', scopes: ['*:write'] })).body).toEqual(refusal);
      expect((await api.get(`${keys()}/`)).body).toEqual(refusal);
      expect((await api.post('/api/v1.0/auth/password/', { current_password: owner.password, new_password: 'another fine one' })).body).toEqual(refusal);
      expect((await api.patch('/api/v1.0/me/', { user: { email: 'taken@example.com' } })).body).toEqual(refusal);
      expect((await owner.api.get('/api/v1.0/me/')).body.user.email).toBe(owner.email);
    });
  });
});

