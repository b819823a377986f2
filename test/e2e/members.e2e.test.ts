import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cookieFrom } from '../support/api-client';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { actOn, createExpense, expensePaths } from '../support/expenses';
import { startTestApp, TestApp } from '../support/test-app';

// The basic view of an organisation, as the spec lists it: what a member sees.
const BASIC_VIEW_FIELDS = [
  'unique_id', 'name', 'language', 'language_display', 'business_description', 'business_category', 'business_category_display',
  'business_website', 'logo_url', 'owner', 'member_count', 'date_created', 'last_updated',
].sort();
const PERMISSION_DENIED = { detail: 'You do not have permission to perform this action.' };

describe.each(testDatabases())('members and invitations on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let dataDir: string;
  let owner: TestUser;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    dataDir = database.dataDir;
    app = await startTestApp(database);
    owner = await signUp(app.client, { organisation_name: 'Guild' });
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const org = () => `/api/v1.0/organisation/${owner.organisationUniqueId}`;

  async function invite(email: string) {
    const response = await owner.api.post(`${org()}/invitations/`, { email, role: 'member' });
    expect(response.status).toBe(201);
    return response.body as { unique_id: string; token: string; accept_url: string; status: string; sent_at: string | null };
  }

  /** The mails the outbox folder holds, oldest first (one still being written is left for the next look). */
  function outboxMails(): { to: string; text: string }[] {
    const outbox = path.join(dataDir, 'outbox');
    let files: string[];
    try {
      files = readdirSync(outbox).sort();
    } catch {
      return [];
    }
    return files.flatMap((file) => {
      try {
        return [JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string; text: string }];
      } catch {
        return [];
      }
    });
  }

  /** The path of the link in the last mail to `email`, once the worker has sent one: what the invitee would follow. */
  async function linkInMailTo(email: string): Promise<string> {
    const until = Date.now() + 10_000;
    let mail = outboxMails().filter((m) => m.to === email).pop();
    while (!mail && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      mail = outboxMails().filter((m) => m.to === email).pop();
    }
    if (!mail) throw new Error(`no mail to ${email} in the outbox`);
    const link = /https?:\/\/\S+\/api\/v1\.0\/invitations\/[^/\s]+\/accept\//.exec(mail.text);
    if (!link) throw new Error(`no invitation link in the mail: ${mail.text}`);
    return new URL(link[0]).pathname;
  }

  it('invites by e-mail; the invitee accepts from the link in the outbox mail, and sees the basic view but none of the owner\'s operations', async () => {
    const invitation = await invite('newcomer@example.com');
    expect(invitation).toMatchObject({ email: 'newcomer@example.com', role: 'member', status: 'pending' });
    expect(invitation.accept_url).toContain(`/api/v1.0/invitations/${invitation.token}/accept/`);
    expect(invitation.sent_at).toBeNull(); // sent in the background
    const acceptPath = await linkInMailTo('newcomer@example.com');
    // Recorded just after the mail system took it.
    const sentAt = async () =>
      ((await owner.api.get(`${org()}/invitations/`)).body as { unique_id: string; sent_at: string | null }[]).find((i) => i.unique_id === invitation.unique_id)?.sent_at;
    for (let look = 0; look < 100 && !(await sentAt()); look += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await sentAt()).toEqual(expect.any(String));
    expect(acceptPath).toBe(`/api/v1.0/invitations/${invitation.token}/accept/`);

    const accepted = await app.client.post(acceptPath, { password: 'a fine passphrase', first_name: 'New', last_name: 'Comer' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ user: { email: 'newcomer@example.com' }, is_owner: false, organisation_details: { name: 'Guild', role: 'member' } });
    expect(cookieFrom(accepted, 'sessionid')).toBeTruthy();

    const again = await app.client.post(acceptPath, { password: 'a fine passphrase', first_name: 'N', last_name: 'C' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: ['This invitation has already been used.'] });

    const newcomer = app.client.basic('newcomer@example.com', 'a fine passphrase');
    const members = await newcomer.get(`${org()}/members/`);
    expect(members.status).toBe(200);
    expect(members.headers.get('x-total-count')).toBe('2');
    expect(members.body.map((m: { role: string }) => m.role)).toEqual(['owner', 'member']);

    const basic = await newcomer.get(`${org()}/`);
    expect(basic.status).toBe(200);
    expect(Object.keys(basic.body).sort()).toEqual(BASIC_VIEW_FIELDS);
    expect(basic.body).toMatchObject({ name: 'Guild', member_count: 2, owner: { unique_id: owner.personUniqueId } });

    const expenses = expensePaths(owner.organisationUniqueId);
    const submitted = await createExpense(newcomer, owner.organisationUniqueId, { status: 'submitted' });
    const approved = await createExpense(newcomer, owner.organisationUniqueId, { status: 'submitted' });
    await actOn(owner.api, owner.organisationUniqueId, approved.unique_id, 'approve');
    const refused = [
      await newcomer.put(`${org()}/update/`, { name: 'Taken over' }),
      await newcomer.patch(`${org()}/update/`, { name: 'Taken over' }),
      await newcomer.delete(`${org()}/members/${owner.personUniqueId}/`),
      await newcomer.post(`${org()}/invitations/`, { email: 'friend@example.com', role: 'member' }),
      await newcomer.get(`${org()}/invitations/`),
      await newcomer.get(expenses.action(submitted.unique_id, 'approve')),
      await newcomer.get(expenses.action(submitted.unique_id, 'reject', 'No')),
      await newcomer.get(expenses.action(approved.unique_id, 'mark_paid')),
      await newcomer.get(expenses.action(approved.unique_id, 'reimburse')),
    ];
    expect(refused.map((response) => [response.status, response.body])).toEqual(refused.map(() => [403, PERMISSION_DENIED]));
    expect((await owner.api.get(`${org()}/`)).body.name).toBe('Guild');
    expect((await owner.api.get(`${org()}/invitations/`)).body.map((i: { email: string }) => i.email)).toEqual(['newcomer@example.com']);
    expect((await owner.api.get(expenses.detail(submitted.unique_id))).body.status).toBe('submitted');
    expect((await owner.api.get(expenses.detail(approved.unique_id))).body.status).toBe('approved');
  });

  it('lets an existing user accept with their own credentials, and no one else', async () => {
    const existing = await signUp(app.client);
    const intruder = await signUp(app.client);
    const invitation = await invite(existing.email.toUpperCase());
    const refused = await intruder.api.post(`/api/v1.0/invitations/${invitation.token}/accept/`);
    expect(refused.status).toBe(403);
    const accepted = await existing.api.post(`/api/v1.0/invitations/${invitation.token}/accept/`);
    expect(accepted.status).toBe(200);
    expect((await existing.api.get(org() + '/')).status).toBe(200);
    expect((await intruder.api.get(org() + '/')).status).toBe(404);
  });

  it('refuses inviting an owner, and members cannot invite or list invitations', async () => {
    const asOwner = await owner.api.post(`${org()}/invitations/`, { email: 'x@example.com', role: 'owner' });
    expect(asOwner.status).toBe(400);
    expect(asOwner.body).toEqual({ role: ['"owner" is not a valid choice.'] });
    const member = await signUp(app.client);
    const invitation = await invite(member.email);
    await member.api.post(`/api/v1.0/invitations/${invitation.token}/accept/`);
    expect((await member.api.post(`${org()}/invitations/`, { email: 'y@example.com', role: 'member' })).status).toBe(403);
    expect((await member.api.get(`${org()}/invitations/`)).status).toBe(403);
    expect((await owner.api.get(`${org()}/invitations/`)).body.every((i: { token: unknown }) => i.token === null)).toBe(true);
  });

  it('answers 404 to an unknown token and to non-members of the organisation', async () => {
    expect((await app.client.post('/api/v1.0/invitations/nope/accept/', { password: 'a fine passphrase', first_name: 'A', last_name: 'B' })).status).toBe(404);
    const stranger = await signUp(app.client);
    expect((await stranger.api.get(`${org()}/members/`)).status).toBe(404);
    expect((await stranger.api.post(`${org()}/invitations/`, { email: 'z@example.com', role: 'member' })).status).toBe(404);
  });

  it('lets the owner remove a member (who then gets 404) but not themself', async () => {
    const leaver = await signUp(app.client);
    const invitation = await invite(leaver.email);
    await leaver.api.post(`/api/v1.0/invitations/${invitation.token}/accept/`);
    expect((await leaver.api.get(org() + '/')).status).toBe(200);
    expect((await leaver.api.delete(`${org()}/members/${owner.personUniqueId}/`)).status).toBe(403);
    expect((await owner.api.delete(`${org()}/members/${leaver.personUniqueId}/`)).status).toBe(204);
    expect((await leaver.api.get(org() + '/')).status).toBe(404);
    const self = await owner.api.delete(`${org()}/members/${owner.personUniqueId}/`);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ non_field_errors: ['The owner cannot be removed from the organisation.'] });
  });

  it('lets the owner revoke an invitation: its link answers 404 and the list no longer shows it', async () => {
    const invitation = await invite('revoked@example.com');
    const member = await signUp(app.client);
    await member.api.post(`/api/v1.0/invitations/${(await invite(member.email)).token}/accept/`);
    const stranger = await signUp(app.client);

    expect((await member.api.delete(`${org()}/invitations/${invitation.unique_id}/`)).status).toBe(403);
    expect((await stranger.api.delete(`${org()}/invitations/${invitation.unique_id}/`)).status).toBe(404);
    expect((await owner.api.delete(`${org()}/invitations/${invitation.unique_id}/`)).status).toBe(204);
    expect((await owner.api.delete(`${org()}/invitations/${invitation.unique_id}/`)).status).toBe(404);

    const accept = await app.client.post(`/api/v1.0/invitations/${invitation.token}/accept/`, { password: 'a fine passphrase', first_name: 'A', last_name: 'B' });
    expect(accept.status).toBe(404);
    const listed = (await owner.api.get(`${org()}/invitations/?page_size=1000`)).body as { unique_id: string }[];
    expect(listed.map((i) => i.unique_id)).not.toContain(invitation.unique_id);
  });

  it('keeps one open invitation per address when several are sent at once, in any spelling of it', async () => {
    const spellings = ['racer@example.com', 'RACER@example.com', 'ｒａｃｅｒ@example.com', 'Racer@Example.com', 'racer@EXAMPLE.com', 'racer@example.com'];
    const sent = await Promise.all(spellings.map((email) => owner.api.post(`${org()}/invitations/`, { email, role: 'member' })));
    expect(sent.map((response) => response.status)).toEqual(spellings.map(() => 201));

    const listed = (await owner.api.get(`${org()}/invitations/?page_size=1000`)).body as { unique_id: string; email: string; status: string }[];
    const open = listed.filter((i) => i.email.toLowerCase() === 'racer@example.com' && i.status === 'pending');
    expect(open).toHaveLength(1);
    const accepting = sent.map((response) => app.client.post(`/api/v1.0/invitations/${response.body.token}/accept/`, {
      password: 'a fine passphrase',
      first_name: 'Race',
      last_name: 'Winner',
    }));
    const statuses = (await Promise.all(accepting)).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 404, 404, 404, 404, 404]);
  });

  it('sends at most the daily quota of invitation e-mails per organisation, resends included', async () => {
    const database = await factory.create();
    const limited = await startTestApp(database, { env: { INVITATIONS_PER_ORGANISATION_PER_DAY: '2' } });
    try {
      const host = await signUp(limited.client);
      const other = await signUp(limited.client);
      const invitations = `/api/v1.0/organisation/${host.organisationUniqueId}/invitations/`;
      const first = await host.api.post(invitations, { email: 'one@example.com', role: 'member' });
      expect(first.status).toBe(201);
      expect((await host.api.post(`${invitations}${first.body.unique_id}/resend/`)).status).toBe(200);

      const third = await host.api.post(invitations, { email: 'three@example.com', role: 'member' });
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(80_000);
      expect((await host.api.post(`${invitations}${first.body.unique_id}/resend/`)).status).toBe(429);
      expect((await host.api.get(invitations)).body).toHaveLength(1);
      // Another organisation has its own quota.
      expect((await other.api.post(`/api/v1.0/organisation/${other.organisationUniqueId}/invitations/`, { email: 'x@example.com', role: 'member' })).status).toBe(201);
    } finally {
      await limited.close();
      await database.dispose();
    }
  });
});
