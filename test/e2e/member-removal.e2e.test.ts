import { signUp, TestUser } from '../support/accounts';
import { ApiClient, cookieFrom } from '../support/api-client';
import { testDatabases } from '../support/databases';
import { anExpense, expensePaths } from '../support/expenses';
import { detailPaths, oneOfEach, organisationPath, OrganisationRecords } from '../support/organisation-records';
import { startTestApp, TestApp } from '../support/test-app';

/** Every read of an organisation's data: its detail, its lists, and the detail of each record. */
function readsOf(organisationUniqueId: string, records: OrganisationRecords): string[] {
  const base = organisationPath(organisationUniqueId);
  const lists = ['members', 'expenses', 'accounts', 'sales-stages', 'clients', 'leads', 'vendors', 'contact-groups'].map((c) => `${base}/${c}/`);
  return [`${base}/`, ...lists, `${base}/contact-groups/${records.contactGroup}/contacts/`, ...Object.values(detailPaths(organisationUniqueId, records))];
}

async function statuses(api: ApiClient, paths: string[]): Promise<Record<string, number>> {
  const answers = await Promise.all(paths.map(async (path) => [path, (await api.get(path)).status] as const));
  return Object.fromEntries(answers);
}

const all = (paths: string[], status: number) => Object.fromEntries(paths.map((path) => [path, status]));

describe.each(testDatabases())('a member removed from an organisation, on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    owner = await signUp(app.client, { organisation_name: 'Guild' });
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('loses access to all its data at once, on the same session and Basic credentials, and keeps their other organisation', async () => {
    const guild = owner.organisationUniqueId;
    const email = 'leaver@example.com';
    const password = 'a fine passphrase';
    // They join the Guild first (so it is their current organisation), then found one of their own.
    const invitation = await owner.api.post(`${organisationPath(guild)}/invitations/`, { email, role: 'member' });
    const accepted = await app.client.post(`/api/v1.0/invitations/${invitation.body.token}/accept/`, { password, first_name: 'Lee', last_name: 'Ver' });
    expect(accepted.status).toBe(200);
    const personUniqueId = accepted.body.unique_id as string;
    const basic = app.client.basic(email, password);
    const founded = await basic.post('/api/v1.0/organisations/create/', { name: 'Sideline' });
    expect(founded.status).toBe(201);
    const sideline = founded.body.unique_id as string;
    const login = await app.client.post('/api/v1.0/auth/login/', { email, password });
    expect(login.status).toBe(200);
    const session = app.client.as({ kind: 'session', sessionId: cookieFrom(login, 'sessionid')!, csrfToken: cookieFrom(login, 'csrftoken')! });

    const theirsInGuild = await oneOfEach(session, guild);
    const theirsInSideline = await oneOfEach(session, sideline);
    const guildReads = readsOf(guild, theirsInGuild);
    const sidelineReads = readsOf(sideline, theirsInSideline);
    for (const api of [session, basic]) expect(await statuses(api, guildReads)).toEqual(all(guildReads, 200));
    expect((await session.get('/api/v1.0/me/')).body.organisation_details).toEqual({ unique_id: guild, name: 'Guild', role: 'member' });

    expect((await owner.api.delete(`${organisationPath(guild)}/members/${personUniqueId}/`)).status).toBe(204);

    const guildExpenses = expensePaths(guild);
    for (const api of [session, basic]) {
      expect(await statuses(api, guildReads)).toEqual(all(guildReads, 404));
      expect((await api.post(guildExpenses.create, anExpense())).status).toBe(404);
      expect((await api.get(guildExpenses.action(theirsInGuild.expense, 'submit'))).status).toBe(404);
      expect((await api.patch(`${organisationPath(guild)}/vendors/${theirsInGuild.vendor}/update/`, { name: 'Mine now' })).status).toBe(404);
      expect((await api.delete(`${organisationPath(guild)}/leads/${theirsInGuild.lead}/delete/`)).status).toBe(404);

      expect(await statuses(api, sidelineReads)).toEqual(all(sidelineReads, 200));
      const profile = await api.get('/api/v1.0/me/');
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({ is_owner: true, organisation_details: { unique_id: sideline, name: 'Sideline', role: 'owner' } });
      expect((await api.get('/api/v1.0/organisations/')).body.map((o: { unique_id: string }) => o.unique_id)).toEqual([sideline]);
    }

    // What they made in the Guild stays there, unchanged, for the owner.
    const ownersView = await statuses(owner.api, guildReads);
    expect(ownersView).toEqual(all(guildReads, 200));
    const expense = await owner.api.get(guildExpenses.detail(theirsInGuild.expense));
    expect(expense.body).toMatchObject({ status: 'draft', created_by: { unique_id: personUniqueId, full_name: 'Lee Ver' } });
    expect((await owner.api.get(detailPaths(guild, theirsInGuild).vendor)).body.name).not.toBe('Mine now');
    const members = await owner.api.get(`${organisationPath(guild)}/members/`);
    expect(members.body.map((m: { email: string }) => m.email)).toEqual([owner.email]);
  });
});
