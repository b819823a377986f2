import path from 'node:path';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { eventually, OutboxMail, outboxMails } from '../support/mail-outbox';
import { addMember } from '../support/members';
import { startTestApp, TestApp } from '../support/test-app';

const BASE = 'https://books.example';

describe.each(testDatabases())('leads and vendors assigned to a member on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let outbox: string;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    outbox = path.join(database.dataDir, 'outbox');
    app = await startTestApp(database, { env: { PUBLIC_BASE_URL: BASE, WEBHOOK_POLL_MS: '20' } });
    owner = await signUp(app.client, { first_name: 'Olive', last_name: 'Owner', organisation_name: 'Guild & Sons' });
    member = await signUp(app.client, { first_name: 'Mo', last_name: 'Member' });
    stranger = await signUp(app.client, { first_name: 'Stan', last_name: 'Ger' });
    await addMember(app, owner.organisationUniqueId, member);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const org = () => `/api/v1.0/organisation/${owner.organisationUniqueId}`;
  const mailsTo = (user: TestUser, about: string) => outboxMails(outbox).filter((mail) => mail.to === user.email && mail.text.includes(`"${about}"`));
  /** Every mail to `user` about `about`, once `count` are out and a few more rounds have passed (none more arrives). */
  const settledMails = async (user: TestUser, about: string, count: number): Promise<OutboxMail[]> => {
    if (count > 0) await eventually(() => (mailsTo(user, about).length >= count ? true : undefined), `${count} mails about ${about}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return mailsTo(user, about);
  };
  const lead = (title: string, extra: Record<string, unknown> = {}) => ({ title, lead_source: 'referral', sales_stage: 'stage-qualified', ...extra });

  it('creates a lead for another member: shown as the assignee, who is e-mailed once with the texts', async () => {
    const created = await owner.api.post(`${org()}/leads/create/`, lead('Harbour <fit-out>', { unique_id: 'harbour', estimated_value: '1200.5', assigned_to_id: member.personUniqueId }));
    expect(created.status).toBe(201);
    expect(created.body.assigned_to).toEqual({ unique_id: member.personUniqueId, full_name: 'Mo Member' });
    expect(created.body.created_by).toMatchObject({ unique_id: owner.personUniqueId });
    expect(created.body).not.toHaveProperty('assigned_to_id');

    const [mail, ...more] = await settledMails(member, 'Harbour <fit-out>', 1);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('A lead was assigned to you');
    expect(mail.text).toContain('The lead "Harbour <fit-out>" of Guild & Sons was assigned to you by Olive Owner.');
    expect(mail.text).toContain('Estimated value: 1200.50 USD');
    expect(mail.text).toContain(`${BASE}/api/v1.0/organisation/${owner.organisationUniqueId}/leads/harbour/`);
    expect(mail.html).toContain('Harbour &lt;fit-out&gt;');
    expect(mail.html).toContain('Guild &amp; Sons');
    expect(mail.headers['List-Unsubscribe']).toMatch(new RegExp(`^<${BASE}/api/v1\\.0/me/notifications/unsubscribe/\\?person=.+&kind=lead\\.assigned&signature=.+>$`));
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect((await member.api.get('/api/v1.0/me/notifications/deliveries/')).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'lead.assigned', record: 'harbour', status: 'sent' })]),
    );
    expect(await settledMails(owner, 'Harbour <fit-out>', 0)).toEqual([]);
  });

  it('keeps the creator as the assignee when none is named, and tells nobody of their own act', async () => {
    const mine = await member.api.post(`${org()}/leads/create/`, lead('Own lead', { unique_id: 'own' }));
    expect(mine.body.assigned_to).toEqual({ unique_id: member.personUniqueId, full_name: 'Mo Member' });
    const self = await member.api.post(`${org()}/leads/create/`, lead('Self-assigned', { assigned_to_id: member.personUniqueId }));
    expect(self.status).toBe(201);
    // A member who takes a lead from another is not told of it either; the one who lost it is not told.
    await owner.api.post(`${org()}/leads/create/`, lead('Taken', { unique_id: 'taken' }));
    expect((await member.api.patch(`${org()}/leads/taken/update/`, { assigned_to_id: member.personUniqueId })).body.assigned_to.unique_id).toBe(member.personUniqueId);
    expect(await settledMails(member, 'Own lead', 0)).toEqual([]);
    expect(await settledMails(member, 'Self-assigned', 0)).toEqual([]);
    expect(await settledMails(member, 'Taken', 0)).toEqual([]);
    expect(await settledMails(owner, 'Taken', 0)).toEqual([]);
  });

  it('reassigns by PATCH and PUT: the new assignee is told, once per change, and the history records it', async () => {
    await owner.api.post(`${org()}/leads/create/`, lead('Pier', { unique_id: 'pier' }));
    const patched = await owner.api.patch(`${org()}/leads/pier/update/`, { assigned_to_id: member.personUniqueId });
    expect(patched.status).toBe(200);
    expect(patched.body.assigned_to.unique_id).toBe(member.personUniqueId);
    expect(await settledMails(member, 'Pier', 1)).toHaveLength(1);
    // A change of something else, or the same assignee again, tells nobody.
    expect((await owner.api.patch(`${org()}/leads/pier/update/`, { description: 'Quay side', assigned_to_id: member.personUniqueId })).status).toBe(200);
    expect(await settledMails(member, 'Pier', 1)).toHaveLength(1);
    // Back to the owner (their own act: nothing), then a PUT gives it to the member again.
    expect((await owner.api.patch(`${org()}/leads/pier/update/`, { assigned_to_id: owner.personUniqueId })).body.assigned_to.unique_id).toBe(owner.personUniqueId);
    const put = await owner.api.put(`${org()}/leads/pier/update/`, lead('Pier', { assigned_to_id: member.personUniqueId }));
    expect(put.status).toBe(200);
    expect(await settledMails(member, 'Pier', 2)).toHaveLength(2);
    expect(await settledMails(owner, 'Pier', 0)).toEqual([]);

    const history = (await owner.api.get(`${org()}/leads/pier/history/`)).body as { action: string; changes: Record<string, unknown> }[];
    expect(history.filter((entry) => entry.action === 'updated' && 'assigned_to_id' in entry.changes)).toHaveLength(3);
  });

  it('refuses an assignee who is not a member of the organisation, or none, on the field (400)', async () => {
    const notMember = await owner.api.post(`${org()}/leads/create/`, lead('Stranger', { assigned_to_id: stranger.personUniqueId }));
    expect(notMember.status).toBe(400);
    expect(notMember.body).toEqual({ assigned_to_id: [`Object with unique_id=${stranger.personUniqueId} does not exist.`] });
    const none = await owner.api.post(`${org()}/leads/create/`, lead('Nobody', { assigned_to_id: null }));
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ assigned_to_id: ['This field may not be null.'] });
    await owner.api.post(`${org()}/vendors/create/`, { name: 'Kept Ltd', unique_id: 'kept' });
    const patch = await owner.api.patch(`${org()}/vendors/kept/update/`, { assigned_to_id: 'no-such-person' });
    expect(patch.status).toBe(400);
    expect(patch.body).toEqual({ assigned_to_id: ['Object with unique_id=no-such-person does not exist.'] });
    expect((await owner.api.get(`${org()}/vendors/kept/`)).body.assigned_to.unique_id).toBe(owner.personUniqueId);
    // Another organisation's member may not reach the lead at all.
    expect((await stranger.api.patch(`${org()}/leads/harbour/update/`, { assigned_to_id: stranger.personUniqueId })).status).toBe(404);
  });

  it('gives a vendor to a member on create and by PATCH, with the vendor.assigned e-mail', async () => {
    const created = await owner.api.post(`${org()}/vendors/create/`, { name: 'Kettle & Co', unique_id: 'kettle', next_follow_up_date: '2031-02-03', assigned_to_id: member.personUniqueId });
    expect(created.status).toBe(201);
    expect(created.body.assigned_to).toEqual({ unique_id: member.personUniqueId, full_name: 'Mo Member' });
    expect(created.body.account_owner.unique_id).toBe(owner.personUniqueId);
    const [mail] = await settledMails(member, 'Kettle & Co', 1);
    expect(mail.subject).toBe('A vendor was assigned to you');
    expect(mail.text).toContain('The vendor "Kettle & Co" of Guild & Sons was assigned to you by Olive Owner.');
    expect(mail.text).toContain('Next follow-up date: 2031-02-03');
    expect(mail.text).toContain(`${BASE}/api/v1.0/organisation/${owner.organisationUniqueId}/vendors/kettle/`);
    expect(mail.headers['List-Unsubscribe']).toContain('kind=vendor.assigned');

    await owner.api.post(`${org()}/vendors/create/`, { name: 'Ladle Ltd', unique_id: 'ladle' });
    expect((await owner.api.patch(`${org()}/vendors/ladle/update/`, { assigned_to_id: member.personUniqueId })).status).toBe(200);
    expect(await settledMails(member, 'Ladle Ltd', 1)).toHaveLength(1);
  });

  it('describes assigned_to_id in the create and update bodies, never in the answer, which shows assigned_to', async () => {
    const document = (await app.client.get('/api/schema/')).body;
    const resolve = (schema: { $ref?: string }): Record<string, any> => (schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()!] : schema);
    const pathOf = (pattern: RegExp) => document.paths[Object.keys(document.paths).find((route) => pattern.test(route))!];
    for (const model of ['leads', 'vendors']) {
      const create = resolve(pathOf(new RegExp(`/${model}/create/$`)).post.requestBody.content['application/json'].schema);
      expect(create.properties.assigned_to_id).toMatchObject({ type: 'string', description: expect.stringContaining('creator') });
      expect(create.properties).not.toHaveProperty('assigned_to');
      const patch = resolve(pathOf(new RegExp(`/${model}/\\{[^}]+\\}/update/$`)).patch.requestBody.content['application/json'].schema);
      expect(patch.properties.assigned_to_id).toMatchObject({ type: 'string' });
    }
    expect(document.components.schemas.Lead.properties).not.toHaveProperty('assigned_to_id');
    expect(document.components.schemas.Vendor.properties.assigned_to).toBeDefined();
    expect(document.components.schemas.NotificationPreferences.properties.lead_assigned).toMatchObject({ type: 'boolean' });
  });

  it('writes nothing of a kind the assignee turned off', async () => {
    const prefs = await member.api.patch('/api/v1.0/me/notifications/', { lead_assigned: false });
    expect(prefs.body).toMatchObject({ lead_assigned: false, vendor_assigned: true });
    await owner.api.post(`${org()}/leads/create/`, lead('Muted', { assigned_to_id: member.personUniqueId }));
    await owner.api.post(`${org()}/vendors/create/`, { name: 'Loud Ltd', assigned_to_id: member.personUniqueId });
    expect(await settledMails(member, 'Loud Ltd', 1)).toHaveLength(1);
    expect(await settledMails(member, 'Muted', 0)).toEqual([]);
    await member.api.patch('/api/v1.0/me/notifications/', { lead_assigned: true });
  });
});
