import { ApiClient } from '../support/api-client';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { addMember } from '../support/members';
import { SteppingClock } from '../support/stepping-clock';
import { startTestApp, TestApp } from '../support/test-app';

const GROUP_FIELDS = [
  'unique_id', 'name', 'description', 'translations', 'organisation_name', 'contacts_count', 'date_created', 'last_updated',
];

describe.each(testDatabases())('contact groups on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let org: string;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { clock: new SteppingClock() });
    owner = await signUp(app.client, { organisation_name: 'Acme' });
    member = await signUp(app.client);
    stranger = await signUp(app.client, { organisation_name: 'Elsewhere' });
    await addMember(app, owner.organisationUniqueId, member);
    org = owner.organisationUniqueId;
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const groups = (uid = org) => `/api/v1.0/organisation/${uid}/contact-groups/`;
  const create = (uid = org) => `/api/v1.0/organisation/${uid}/contact-groups/create/`;
  const detail = (group: string, uid = org) => `/api/v1.0/organisation/${uid}/contact-groups/${group}/`;

  async function aGroup(api: ApiClient, body: Record<string, unknown>, uid = org): Promise<string> {
    const response = await api.post(create(uid), body);
    if (response.status !== 201) throw new Error(`group create failed: ${response.status} ${response.text}`);
    return response.body.unique_id;
  }

  describe('create', () => {
    it('answers 201 with the group, its organisation name and no contacts yet', async () => {
      const response = await member.api.post(create(), {
        name: '  Suppliers ',
        description: 'People we buy from',
        translations: '{"fr":"Fournisseurs"}',
        contacts_count: 99,
        organisation_name: 'Forged',
      });

      expect(response.status).toBe(201);
      expect(Object.keys(response.body).sort()).toEqual([...GROUP_FIELDS].sort());
      expect(response.body).toMatchObject({
        name: 'Suppliers',
        description: 'People we buy from',
        translations: '{"fr":"Fournisseurs"}',
        organisation_name: 'Acme',
        contacts_count: 0,
      });
      expect(response.body.unique_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
      expect(response.body.date_created).toBe(response.body.last_updated);
      expect((await member.api.get(detail(response.body.unique_id))).body).toEqual(response.body);
    });

    it('takes a client-chosen unique_id once per organisation', async () => {
      expect((await owner.api.post(create(), { name: 'Press', unique_id: 'press' })).status).toBe(201);

      const duplicate = await member.api.post(create(), { name: 'Press again', unique_id: 'press' });
      expect(duplicate.status).toBe(400);
      expect(duplicate.body).toEqual({ unique_id: ['contact group with this unique id already exists.'] });

      const elsewhere = await stranger.api.post(create(stranger.organisationUniqueId), { name: 'Press', unique_id: 'press' });
      expect(elsewhere.status).toBe(201);
    });

    it.each([
      [{}, { name: ['This field is required.'] }],
      [{ name: '   ' }, { name: ['This field may not be blank.'] }],
      [{ name: null }, { name: ['This field may not be null.'] }],
      [{ name: 'n'.repeat(201) }, { name: ['Ensure this field has no more than 200 characters.'] }],
      [{ name: 'Ok', unique_id: 'has space' }, { unique_id: ['Enter a valid unique_id: 1 to 100 letters, digits, "_" or "-".'] }],
      [{ name: 'Ok', description: ['a'] }, { description: ['Not a valid string.'] }],
    ])('refuses %j', async (body, errors) => {
      const response = await member.api.post(create(), body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errors);
    });

    it('accepts a name of exactly 200 characters', async () => {
      const response = await member.api.post(create(), { name: 'n'.repeat(200) });
      expect(response.status).toBe(201);
      await member.api.delete(detail(response.body.unique_id));
    });

    it('refuses a body that is not a JSON object', async () => {
      const response = await member.api.post(create(), ['Suppliers']);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
    });

    it('answers 405 to other methods on the create path rather than reading "create" as an id', async () => {
      const response = await member.api.get(create());
      expect(response.status).toBe(405);
      expect(response.body).toEqual({ detail: 'Method "GET" not allowed.' });
    });
  });

  describe('list', () => {
    let listOrg: string;

    beforeAll(async () => {
      const user = await signUp(app.client, { organisation_name: 'Lister' });
      listOrg = user.organisationUniqueId;
      await addMember(app, listOrg, member);
      for (const name of ['beta', 'Alpha', 'delta', 'Charlie']) await aGroup(member.api, { name }, listOrg);
    });

    const names = (body: { name: string }[]) => body.map((group) => group.name);

    it('orders by name by default, case-insensitively, with the total and links', async () => {
      const response = await member.api.get(groups(listOrg));
      expect(response.status).toBe(200);
      expect(names(response.body)).toEqual(['Alpha', 'beta', 'Charlie', 'delta']);
      expect(response.headers.get('x-total-count')).toBe('4');
      expect(response.headers.get('link')).toContain('rel="first"');
    });

    it('orders by -name and by date_created', async () => {
      expect(names((await member.api.get(`${groups(listOrg)}?ordering=-name`)).body)).toEqual(['delta', 'Charlie', 'beta', 'Alpha']);
      expect(names((await member.api.get(`${groups(listOrg)}?ordering=date_created`)).body)).toEqual([
        'beta', 'Alpha', 'delta', 'Charlie',
      ]);
    });

    it('pages without repeating or skipping a group', async () => {
      const first = await member.api.get(`${groups(listOrg)}?page_size=3`);
      const second = await member.api.get(`${groups(listOrg)}?page_size=3&page=2`);
      expect(names(first.body)).toEqual(['Alpha', 'beta', 'Charlie']);
      expect(names(second.body)).toEqual(['delta']);
      expect(first.headers.get('link')).toContain('rel="next"');
      expect(second.headers.get('link')).not.toContain('rel="next"');
    });

    it.each([
      ['ordering=colour', { ordering: ['Select a valid choice. colour is not one of the available choices.'] }],
      ['page_size=abc', { page_size: ['A valid integer is required.'] }],
      ['page=0', { page: ['Ensure this value is greater than or equal to 1.'] }],
    ])('refuses %s', async (query, errors) => {
      const response = await member.api.get(`${groups(listOrg)}?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errors);
    });
  });

  describe('update', () => {
    it('PUT requires the name and keeps what it leaves out', async () => {
      const uid = await aGroup(member.api, { name: 'Clients', description: 'Who pays us' });

      const missing = await member.api.put(detail(uid), { description: 'x' });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ name: ['This field is required.'] });

      const response = await member.api.put(detail(uid), { name: 'Customers' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ unique_id: uid, name: 'Customers', description: 'Who pays us' });
    });

    it('PATCH changes what it is given, clears what is null and moves last_updated', async () => {
      const created = await member.api.post(create(), { name: 'Partners', description: 'Resellers', translations: '{}' });
      const uid = created.body.unique_id;

      const response = await owner.api.patch(detail(uid), { description: null, date_created: '2000-01-01T00:00:00Z' });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ name: 'Partners', description: null, translations: '{}' });
      expect(response.body.date_created).toBe(created.body.date_created);
      expect(Date.parse(response.body.last_updated)).toBeGreaterThanOrEqual(Date.parse(created.body.last_updated));
    });

    it('accepts the same unique_id and refuses another', async () => {
      const uid = await aGroup(member.api, { name: 'Investors', unique_id: 'investors' });
      expect((await member.api.patch(detail(uid), { unique_id: 'investors', name: 'Backers' })).status).toBe(200);

      const response = await member.api.patch(detail(uid), { unique_id: 'backers' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ unique_id: ['This field cannot be changed.'] });
      expect((await member.api.get(detail('investors'))).body.name).toBe('Backers');
    });

    it('refuses a blank name on PATCH', async () => {
      const uid = await aGroup(member.api, { name: 'Media' });
      const response = await member.api.patch(detail(uid), { name: '' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ name: ['This field may not be blank.'] });
    });
  });

  describe('delete', () => {
    it('deletes an empty group: 204, then it is gone', async () => {
      const uid = await aGroup(member.api, { name: 'Temporary' });

      const response = await member.api.delete(detail(uid));

      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect((await member.api.get(detail(uid))).status).toBe(404);
    });

    it('refuses with 409 in_use while the group holds contacts, and counts them', async () => {
      const uid = await aGroup(member.api, { name: 'Busy' });
      const contact = await member.api.post(`${detail(uid)}contacts/create/`, { first_name: 'Ada' });
      expect((await member.api.get(detail(uid))).body.contacts_count).toBe(1);

      const refused = await member.api.delete(detail(uid));
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        detail: 'This contact group still holds contacts; delete them first.',
        code: 'in_use',
      });

      await member.api.delete(`${detail(uid)}contacts/${contact.body.unique_id}/`);
      expect((await member.api.get(detail(uid))).body.contacts_count).toBe(0);
      expect((await member.api.delete(detail(uid))).status).toBe(204);
    });
  });

  describe('access', () => {
    it('answers 404 to an unknown group', async () => {
      for (const response of [
        await member.api.get(detail('nope')),
        await member.api.patch(detail('nope'), { name: 'x' }),
        await member.api.put(detail('nope'), { name: 'x' }),
        await member.api.delete(detail('nope')),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ detail: 'Not found.' });
      }
    });

    it("answers 404 to another organisation's member on every endpoint, and changes nothing", async () => {
      const uid = await aGroup(owner.api, { name: 'Private', unique_id: 'private' });
      for (const response of [
        await stranger.api.get(groups()),
        await stranger.api.post(create(), { name: 'Intruder' }),
        await stranger.api.get(detail(uid)),
        await stranger.api.put(detail(uid), { name: 'Taken' }),
        await stranger.api.patch(detail(uid), { name: 'Taken' }),
        await stranger.api.delete(detail(uid)),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ detail: 'Not found.' });
      }
      expect((await owner.api.get(detail(uid))).body.name).toBe('Private');
      expect(names((await owner.api.get(`${groups()}?page_size=1000`)).body)).not.toContain('Intruder');
    });

    it("does not find a group through another organisation's path", async () => {
      const uid = await aGroup(stranger.api, { name: 'Theirs' }, stranger.organisationUniqueId);
      expect((await owner.api.get(detail(uid))).status).toBe(404);
    });

    it('answers 401 without credentials', async () => {
      for (const response of [
        await app.client.get(groups()),
        await app.client.post(create(), { name: 'x' }),
        await app.client.get(detail('private')),
        await app.client.put(detail('private'), { name: 'x' }),
        await app.client.patch(detail('private'), { name: 'x' }),
        await app.client.delete(detail('private')),
      ]) {
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ detail: 'Authentication credentials were not provided.' });
      }
    });

    it('serves the paths without the trailing slash identically', async () => {
      const response = await member.api.get(groups().replace(/\/$/, ''));
      expect(response.status).toBe(200);
    });
  });

  const names = (body: { name: string }[]) => body.map((group) => group.name);
});
