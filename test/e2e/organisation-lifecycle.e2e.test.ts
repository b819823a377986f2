import path from 'node:path';
import { signUp, TestUser } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { testDatabases } from '../support/databases';
import { anExpense, expensePaths, multipart, RECEIPT_FILES } from '../support/expenses';
import { filesUnder } from '../support/files';
import { FixedClock } from '../support/fixed-clock';
import { addMember } from '../support/members';
import { detailPaths, oneOfEach, organisationPath } from '../support/organisation-records';
import { PICTURE_FILES, putPicture } from '../support/pictures';
import { startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const WRONG_PASSWORD = { current_password: ['Your current password was entered incorrectly.'] };

async function statuses(api: ApiClient, paths: string[]): Promise<Record<string, number>> {
  return Object.fromEntries(await Promise.all(paths.map(async (p) => [p, (await api.get(p)).status] as const)));
}

const all = (paths: string[], status: number) => Object.fromEntries(paths.map((p) => [p, status]));

describe.each(testDatabases())('the life of an organisation, on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  const clock = new FixedClock(new Date());
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { clock, env: { WEBHOOK_POLL_MS: '20' } });
  });

  afterAll(async () => {
    await app.close();
    await dispose();
    await receiver.close();
  });

  /** A person who joins `organisation` by invitation first (so it is their current one), then founds one of their own. */
  async function joiner(owner: TestUser, email: string): Promise<{ api: ApiClient; personUniqueId: string; own: string; password: string }> {
    const password = 'a fine passphrase';
    const invitation = await owner.api.post(`${organisationPath(owner.organisationUniqueId)}/invitations/`, { email, role: 'member' });
    const accepted = await app.client.post(`/api/v1.0/invitations/${invitation.body.token}/accept/`, { password, first_name: 'Jo', last_name: 'Iner' });
    expect(accepted.status).toBe(200);
    const api = app.client.basic(email, password);
    const own = await api.post('/api/v1.0/organisations/create/', { name: `${email}'s own` });
    return { api, personUniqueId: accepted.body.unique_id, own: own.body.unique_id, password };
  }

  const sql = (text: string) => app.application.dataSource.query(text) as Promise<Record<string, unknown>[]>;

  /** Every table with an `organisation_id` column, as the database lists them. */
  async function organisationTables(): Promise<string[]> {
    const rows =
      factory.name === 'sqlite'
        ? await sql("SELECT m.name AS t FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table' AND c.name = 'organisation_id'")
        : await sql("SELECT table_name AS t FROM information_schema.columns WHERE column_name = 'organisation_id' AND table_schema = current_schema()");
    return rows.map((row) => String(row.t)).sort();
  }

  /** The rows that name the organisation, per table (its own row under `organisations`). */
  async function rowsOf(organisationId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of [...(await organisationTables()), 'organisations']) {
      const column = table === 'organisations' ? 'id' : 'organisation_id';
      const [row] = await sql(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = '${organisationId}'`);
      counts[table] = Number(row.n);
    }
    return counts;
  }

  const idOf = async (uniqueId: string) => String((await sql(`SELECT id FROM organisations WHERE unique_id = '${uniqueId}'`))[0]?.id);

  describe('handing it over', () => {
    it('makes a member the owner and the owner a member, at once, with an event for each; refuses a wrong password and a non-member', async () => {
      const owner = await signUp(app.client, { organisation_name: 'Handed' });
      const heir = await signUp(app.client, { first_name: 'Hal', last_name: 'Heir' });
      const stranger = await signUp(app.client);
      await addMember(app, owner.organisationUniqueId, heir);
      const base = organisationPath(owner.organisationUniqueId);
      const hooks = await owner.api.post(`${base}/webhooks/create/`, { url: receiver.url, events: ['member.role_changed'] });
      expect(hooks.status).toBe(201);
      const transfer = `${base}/transfer-ownership/`;

      expect(await owner.api.post(transfer, { person: heir.personUniqueId, current_password: 'not it' })).toMatchObject({ status: 400, body: WRONG_PASSWORD });
      expect(await owner.api.post(transfer, { person: stranger.personUniqueId, current_password: owner.password })).toMatchObject({
        status: 400,
        body: { person: ['This person is not a member of the organisation.'] },
      });
      expect((await owner.api.post(transfer, { current_password: owner.password })).body).toEqual({ person: ['This field is required.'] });
      expect((await heir.api.post(transfer, { person: heir.personUniqueId, current_password: heir.password })).status).toBe(403);
      expect((await stranger.api.post(transfer, { person: stranger.personUniqueId, current_password: stranger.password })).status).toBe(404);
      expect((await owner.api.get(`${base}/members/`)).body.map((m: { role: string }) => m.role)).toEqual(['owner', 'member']);

      const handed = await owner.api.post(transfer, { person: heir.personUniqueId, current_password: owner.password });
      expect(handed).toMatchObject({ status: 200, body: { unique_id: heir.personUniqueId, full_name: 'Hal Heir', role: 'owner' } });
      const members = await heir.api.get(`${base}/members/`);
      expect(Object.fromEntries(members.body.map((m: { unique_id: string; role: string }) => [m.unique_id, m.role]))).toEqual({
        [owner.personUniqueId]: 'member',
        [heir.personUniqueId]: 'owner',
      });
      expect((await owner.api.get(`${base}/`)).body.owner).toEqual({ unique_id: heir.personUniqueId, full_name: 'Hal Heir' });
      // The new owner does what only an owner may; the former owner no longer.
      expect((await heir.api.patch(`${base}/update/`, { name: 'Heir & Co' })).status).toBe(200);
      expect((await owner.api.patch(`${base}/update/`, { name: 'Mine again' })).status).toBe(403);
      expect((await owner.api.post(transfer, { person: owner.personUniqueId, current_password: owner.password })).status).toBe(403);

      await receiver.waitFor((received) => received.filter((m) => m.event.organisation === owner.organisationUniqueId).length >= 2);
      const changed = receiver.ofType('member.role_changed').filter((m) => m.event.organisation === owner.organisationUniqueId);
      expect(Object.fromEntries(changed.map((m) => [m.event.data.unique_id, m.event.data.role]))).toEqual({
        [heir.personUniqueId]: 'owner',
        [owner.personUniqueId]: 'member',
      });
    });
  });

  describe('leaving it', () => {
    it('ends a member’s place (their keys too) and moves their current organisation; the owner is told to hand over first', async () => {
      const owner = await signUp(app.client, { organisation_name: 'Left' });
      const base = organisationPath(owner.organisationUniqueId);
      const leaver = await joiner(owner, `leaver-${factory.name}@example.com`);
      expect((await leaver.api.get('/api/v1.0/me/')).body.organisation_details).toMatchObject({ unique_id: owner.organisationUniqueId, role: 'member' });
      const key = await leaver.api.post(`${base}/api-keys/create/`, { name: 'sync', scopes: ['vendors:read'] });
      expect(key.status).toBe(201);
      const keyed = app.client.withKey(key.body.key);
      expect((await keyed.get(`${base}/vendors/`)).status).toBe(200);

      const refused = await owner.api.post(`${base}/leave/`);
      expect(refused).toMatchObject({
        status: 409,
        body: { detail: 'The owner cannot leave the organisation: transfer the ownership to another member first.', code: 'invalid_transition' },
      });
      expect((await keyed.post(`${base}/leave/`)).status).toBe(403);

      expect((await leaver.api.post(`${base}/leave/`)).status).toBe(204);
      expect((await leaver.api.get(`${base}/`)).status).toBe(404);
      expect((await leaver.api.post(`${base}/leave/`)).status).toBe(404);
      expect((await keyed.get(`${base}/vendors/`)).status).toBe(401);
      expect((await leaver.api.get('/api/v1.0/me/')).body.organisation_details).toMatchObject({ unique_id: leaver.own, role: 'owner' });
      expect((await owner.api.get(`${base}/members/`)).body.map((m: { unique_id: string }) => m.unique_id)).toEqual([owner.personUniqueId]);
      expect((await owner.api.get(`${base}/`)).status).toBe(200);
    });
  });

  describe('closing it', () => {
    it('is gone for every member at once, comes back whole when restored, and after the grace period its rows and files are deleted', async () => {
      const owner = await signUp(app.client, { organisation_name: 'Closing' });
      const org = owner.organisationUniqueId;
      const base = organisationPath(org);
      const member = await joiner(owner, `member-${factory.name}@example.com`);
      const other = await signUp(app.client, { organisation_name: 'Unaffected' });
      await addMember(app, other.organisationUniqueId, owner);
      const othersVendor = await other.api.post(`${organisationPath(other.organisationUniqueId)}/vendors/create/`, { name: 'Stays' });

      // Data of every kind: records, a receipt, a logo, a webhook, a key, history.
      const records = await oneOfEach(member.api, org);
      const withReceipt = await member.api.post(expensePaths(org).create, undefined, { multipart: multipart(anExpense({ expense_number: 'R-1' }), RECEIPT_FILES.pdf) });
      expect(withReceipt.status).toBe(201);
      expect((await putPicture(owner.api, `${base}/logo/`, PICTURE_FILES.png)).status).toBe(200);
      expect((await owner.api.post(`${base}/webhooks/create/`, { url: receiver.url, events: ['vendor.created'] })).status).toBe(201);
      expect((await owner.api.post(`${base}/api-keys/create/`, { name: 'books', scopes: ['*:read'] })).status).toBe(201);
      await member.api.post(`${base}/vendors/create/`, { name: 'Announced' });
      const reads = [`${base}/`, `${base}/members/`, `${base}/expenses/`, `${base}/vendors/`, `${base}/webhooks/`, `${base}/activity/`, ...Object.values(detailPaths(org, records))];
      const memberReads = reads.filter((p) => !p.endsWith('/webhooks/') && !p.endsWith('/activity/'));
      expect(await statuses(owner.api, reads)).toEqual(all(reads, 200));
      expect(await statuses(member.api, memberReads)).toEqual(all(memberReads, 200));

      expect(await owner.api.delete(`${base}/`, { json: { current_password: 'not it' } })).toMatchObject({ status: 400, body: WRONG_PASSWORD });
      expect((await owner.api.delete(`${base}/`, { json: {} })).body).toEqual({ current_password: ['This field is required.'] });
      expect((await member.api.delete(`${base}/`, { json: { current_password: member.password } })).status).toBe(403);
      expect((await other.api.delete(`${base}/`, { json: { current_password: other.password } })).status).toBe(404);
      expect((await owner.api.post(`${base}/restore/`)).status).toBe(409); // not closing

      const closed = await owner.api.delete(`${base}/`, { json: { current_password: owner.password } });
      expect(closed.status).toBe(202);
      const closingAt = new Date(closed.body.closing_at).getTime();
      expect(closingAt).toBe(clock.now().getTime());
      expect(new Date(closed.body.deletion_due_at).getTime()).toBe(closingAt + 30 * 86_400_000);

      // Every path of it is a 404 for everyone, its owner too, at once.
      expect(await statuses(owner.api, reads)).toEqual(all(reads, 404));
      expect(await statuses(member.api, memberReads)).toEqual(all(memberReads, 404));
      expect((await member.api.post(`${base}/vendors/create/`, { name: 'Too late' })).status).toBe(404);
      expect((await owner.api.delete(`${base}/`, { json: { current_password: owner.password } })).status).toBe(404);
      expect((await member.api.post(`${base}/restore/`)).status).toBe(404);
      expect((await other.api.post(`${base}/restore/`)).status).toBe(404);
      // Its members' current organisation is the next of theirs; its owner alone still finds it listed, to restore it.
      expect((await member.api.get('/api/v1.0/me/')).body.organisation_details).toMatchObject({ unique_id: member.own });
      expect((await owner.api.get('/api/v1.0/me/')).body.organisation_details).toMatchObject({ unique_id: other.organisationUniqueId, role: 'member' });
      expect((await member.api.get('/api/v1.0/organisations/')).body.map((o: { unique_id: string }) => o.unique_id)).toEqual([member.own]);
      const listed = (await owner.api.get('/api/v1.0/organisations/')).body.find((o: { unique_id: string }) => o.unique_id === org);
      expect(listed).toMatchObject({ closing_at: closed.body.closing_at, deletion_due_at: closed.body.deletion_due_at });
      // Nobody else's is touched.
      expect((await other.api.get(`${organisationPath(other.organisationUniqueId)}/vendors/${othersVendor.body.unique_id}/`)).status).toBe(200);

      clock.advance({ days: 29 });
      const restored = await owner.api.post(`${base}/restore/`);
      expect(restored).toMatchObject({ status: 200, body: { unique_id: org, closing_at: null, deletion_due_at: null } });
      expect(await statuses(owner.api, reads)).toEqual(all(reads, 200));
      expect(await statuses(member.api, memberReads)).toEqual(all(memberReads, 200));
      expect((await member.api.get('/api/v1.0/me/')).body.organisation_details).toMatchObject({ unique_id: org });
      expect((await owner.api.get(`${base}/expenses/${withReceipt.body.unique_id}/receipt/`)).status).toBe(200);

      // Closed again, and the grace period passes: the background worker deletes it all.
      expect((await owner.api.delete(`${base}/`, { json: { current_password: owner.password } })).status).toBe(202);
      const organisationId = await idOf(org);
      const before = await rowsOf(organisationId);
      expect(before).toMatchObject({ organisations: 1, memberships: 2, expenses: 2, vendors: 2, api_keys: 1, webhook_endpoints: 1 });
      expect(before.history).toBeGreaterThan(0);
      const [endpoint] = await sql(`SELECT id FROM webhook_endpoints WHERE organisation_id = '${organisationId}'`);
      const outboxOf = async () =>
        Number((await sql(`SELECT (SELECT COUNT(*) FROM webhook_deliveries WHERE endpoint_id = '${endpoint.id}') + (SELECT COUNT(*) FROM webhook_attempts WHERE endpoint_id = '${endpoint.id}') AS n`))[0].n);
      expect(await outboxOf()).toBeGreaterThan(0); // its vendor.created
      const receipts = () => filesUnder(path.join(app.config.dataDir, 'receipts'));
      const pictures = () => filesUnder(path.join(app.config.dataDir, 'pictures'));
      expect(receipts()).toHaveLength(1);
      expect(pictures()).toHaveLength(1);

      clock.advance({ days: 30, minutes: 1 });
      expect((await owner.api.post(`${base}/restore/`)).status).toBe(404); // too late
      const deadline = Date.now() + 20_000;
      while ((await rowsOf(organisationId)).organisations > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const after = await rowsOf(organisationId);
      expect(after).toEqual(Object.fromEntries(Object.keys(after).map((table) => [table, 0])));
      expect(Object.keys(after)).toEqual(expect.arrayContaining(['expenses', 'history', 'webhook_events', 'api_keys', 'imports', 'notification_deliveries']));
      expect(await outboxOf()).toBe(0);
      while ((receipts().length > 0 || pictures().length > 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect({ receipts: receipts(), pictures: pictures() }).toEqual({ receipts: [], pictures: [] });

      // The people remain, with their other organisations; the other organisation is whole.
      expect((await owner.api.get('/api/v1.0/me/')).status).toBe(200);
      expect((await member.api.get(`${organisationPath(member.own)}/`)).status).toBe(200);
      expect((await other.api.get(`${organisationPath(other.organisationUniqueId)}/vendors/${othersVendor.body.unique_id}/`)).status).toBe(200);
      expect((await other.api.get(`${organisationPath(other.organisationUniqueId)}/members/`)).body).toHaveLength(2);
      expect((await owner.api.get(`${base}/`)).status).toBe(404);
    });
  });
});
