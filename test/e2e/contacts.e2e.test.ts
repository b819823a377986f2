import { ApiClient } from '../support/api-client';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { addMember } from '../support/members';
import { SteppingClock } from '../support/stepping-clock';
import { startTestApp, TestApp } from '../support/test-app';

const CONTACT_FIELDS = [
  'unique_id', 'translations', 'organisation_name', 'created_by_name', 'contact_group_name', 'entity_type',
  'entity_type_display', 'entity_id', 'first_name', 'last_name', 'full_name', 'email', 'phone', 'mobile',
  'social_url', 'is_active', 'primary_contact', 'date_created', 'last_updated',
];

interface ContactBody {
  unique_id: string;
  first_name: string;
  primary_contact: boolean;
}

describe.each(testDatabases())('contacts on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let org: string;
  let group: string;
  let otherGroup: string;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { clock: new SteppingClock() });
    owner = await signUp(app.client, { organisation_name: 'Acme' });
    member = await signUp(app.client, { first_name: 'Grace', last_name: 'Hopper' });
    stranger = await signUp(app.client);
    await addMember(app, owner.organisationUniqueId, member);
    org = owner.organisationUniqueId;
    group = await aGroup(owner.api, 'Suppliers');
    otherGroup = await aGroup(owner.api, 'Partners');
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const groupPath = (g: string, uid = org) => `/api/v1.0/organisation/${uid}/contact-groups/${g}/`;
  const contacts = (g = group, uid = org) => `${groupPath(g, uid)}contacts/`;
  const create = (g = group, uid = org) => `${contacts(g, uid)}create/`;
  const detail = (contact: string, g = group, uid = org) => `${contacts(g, uid)}${contact}/`;

  async function aGroup(api: ApiClient, name: string, uid = org): Promise<string> {
    const response = await api.post(`/api/v1.0/organisation/${uid}/contact-groups/create/`, { name });
    if (response.status !== 201) throw new Error(`group create failed: ${response.status} ${response.text}`);
    return response.body.unique_id;
  }

  async function aContact(body: Record<string, unknown>, g = group, api = member.api): Promise<ContactBody> {
    const response = await api.post(create(g), body);
    if (response.status !== 201) throw new Error(`contact create failed: ${response.status} ${response.text}`);
    return response.body;
  }

  async function primariesOf(g: string): Promise<string[]> {
    const response = await member.api.get(`${contacts(g)}?page_size=1000`);
    return (response.body as ContactBody[]).filter((c) => c.primary_contact).map((c) => c.unique_id);
  }

  describe('create', () => {
    it('answers 201 with every field of the spec, the names beside it and the defaults', async () => {
      const response = await member.api.post(create(), { first_name: ' Ada ', last_name: 'Lovelace', email: 'ada@example.com' });

      expect(response.status).toBe(201);
      expect(Object.keys(response.body)).toEqual(CONTACT_FIELDS);
      expect(response.body).toMatchObject({
        translations: null,
        organisation_name: 'Acme',
        created_by_name: 'Grace Hopper',
        contact_group_name: 'Suppliers',
        entity_type: 'client',
        entity_type_display: 'Client',
        entity_id: null,
        first_name: 'Ada',
        last_name: 'Lovelace',
        full_name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone: null,
        mobile: null,
        social_url: null,
        is_active: true,
        primary_contact: false,
      });
      expect(response.body.unique_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
      expect(response.body.date_created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect((await member.api.get(detail(response.body.unique_id))).body).toEqual(response.body);
    });

    it('keeps every writable field and ignores read-only ones', async () => {
      const response = await member.api.post(create(), {
        unique_id: 'vendor-contact',
        entity_type: 'vendor',
        entity_id: 'vendor-42',
        first_name: 'Linus',
        phone: '+44 20 7946 0000',
        mobile: '+44 7700 900000',
        social_url: 'https://example.com/linus',
        is_active: false,
        translations: '{"fr":"Linus"}',
        full_name: 'Someone Else',
        created_by_name: 'Forged',
        organisation_name: 'Forged',
      });

      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        unique_id: 'vendor-contact',
        entity_type: 'vendor',
        entity_type_display: 'Vendor',
        entity_id: 'vendor-42',
        full_name: 'Linus',
        phone: '+44 20 7946 0000',
        mobile: '+44 7700 900000',
        social_url: 'https://example.com/linus',
        is_active: false,
        translations: '{"fr":"Linus"}',
        created_by_name: 'Grace Hopper',
        organisation_name: 'Acme',
      });
    });

    it('refuses a unique_id already used in the organisation, even in another group', async () => {
      await aContact({ first_name: 'Once', unique_id: 'once' });

      const response = await member.api.post(create(otherGroup), { first_name: 'Twice', unique_id: 'once' });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ unique_id: ['contact with this unique id already exists.'] });
    });

    it.each([
      [{}, { first_name: ['This field is required.'] }],
      [{ first_name: '' }, { first_name: ['This field may not be blank.'] }],
      [{ first_name: null }, { first_name: ['This field may not be null.'] }],
      [{ first_name: 'a'.repeat(151) }, { first_name: ['Ensure this field has no more than 150 characters.'] }],
      [{ first_name: 'A', last_name: 'a'.repeat(151) }, { last_name: ['Ensure this field has no more than 150 characters.'] }],
      [{ first_name: 'A', email: 'not-an-email' }, { email: ['Enter a valid email address.'] }],
      [{ first_name: 'A', social_url: 'example dot com' }, { social_url: ['Enter a valid URL.'] }],
      [
        { first_name: 'A', social_url: `https://example.com/${'a'.repeat(281)}` },
        { social_url: ['Ensure this field has no more than 300 characters.'] },
      ],
      [{ first_name: 'A', phone: '1'.repeat(51) }, { phone: ['Ensure this field has no more than 50 characters.'] }],
      [{ first_name: 'A', mobile: '1'.repeat(51) }, { mobile: ['Ensure this field has no more than 50 characters.'] }],
      [{ first_name: 'A', entity_id: 'e'.repeat(101) }, { entity_id: ['Ensure this field has no more than 100 characters.'] }],
      [{ first_name: 'A', entity_type: 'customer' }, { entity_type: ['"customer" is not a valid choice.'] }],
      [{ first_name: 'A', entity_type: null }, { entity_type: ['This field may not be null.'] }],
      [{ first_name: 'A', primary_contact: 'maybe' }, { primary_contact: ['Must be a valid boolean.'] }],
      [{ first_name: 'A', unique_id: 'not/valid' }, { unique_id: ['Enter a valid unique_id: 1 to 100 letters, digits, "_" or "-".'] }],
    ])('refuses %j', async (body, errors) => {
      const response = await member.api.post(create(), body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errors);
    });

    it('reports every bad field at once', async () => {
      const response = await member.api.post(create(), { email: 'x', entity_type: 'nope', phone: '1'.repeat(51) });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        first_name: ['This field is required.'],
        email: ['Enter a valid email address.'],
        entity_type: ['"nope" is not a valid choice.'],
        phone: ['Ensure this field has no more than 50 characters.'],
      });
    });

    it('accepts every field at its limit, counting characters rather than UTF-16 units', async () => {
      const response = await member.api.post(create(), {
        first_name: '😀'.repeat(150),
        last_name: 'l'.repeat(150),
        entity_id: 'e'.repeat(100),
        phone: '1'.repeat(50),
        mobile: '2'.repeat(50),
        social_url: `https://example.com/${'a'.repeat(280)}`,
      });
      expect(response.status).toBe(201);
      expect([...response.body.first_name]).toHaveLength(150);
    });

    it.each(['client', 'vendor', 'lead', 'employee', 'partner', 'other'])('takes entity_type %s', async (entityType) => {
      const response = await member.api.post(create(), { first_name: 'Typed', entity_type: entityType });
      expect(response.status).toBe(201);
      expect(response.body.entity_type_display).toBe(entityType[0].toUpperCase() + entityType.slice(1));
    });

    it('answers 404 for an unknown group and 405 to GET on the create path', async () => {
      const unknown = await member.api.post(create('nope'), { first_name: 'Lost' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ detail: 'Not found.' });
      expect((await member.api.get(create())).status).toBe(405);
    });
  });

  describe('list', () => {
    let listGroup: string;

    beforeAll(async () => {
      listGroup = await aGroup(owner.api, 'Listed');
      for (const [first, last] of [['bob', 'Zed'], ['Alice', null], ['carol', 'young'], ['Bobby', 'adams']]) {
        await aContact({ first_name: first, last_name: last }, listGroup);
      }
      await aContact({ first_name: 'Elsewhere' }, otherGroup);
    });

    const names = (body: { full_name: string }[]) => body.map((contact) => contact.full_name);
    const list = (query = '') => member.api.get(`${contacts(listGroup)}${query}`);

    it("lists only the group's contacts, by first name by default, case-insensitively", async () => {
      const response = await list();
      expect(response.status).toBe(200);
      expect(names(response.body)).toEqual(['Alice', 'bob Zed', 'Bobby adams', 'carol young']);
      expect(response.headers.get('x-total-count')).toBe('4');
    });

    it('orders by last_name (a missing one first), -first_name and date_created', async () => {
      expect(names((await list('?ordering=last_name')).body)).toEqual(['Alice', 'Bobby adams', 'carol young', 'bob Zed']);
      expect(names((await list('?ordering=-first_name')).body)).toEqual(['carol young', 'Bobby adams', 'bob Zed', 'Alice']);
      expect(names((await list('?ordering=date_created')).body)).toEqual(['bob Zed', 'Alice', 'carol young', 'Bobby adams']);
      expect(names((await list('?ordering=-date_created')).body)).toEqual(['Bobby adams', 'carol young', 'Alice', 'bob Zed']);
    });

    it('orders accented names as every engine does: lower-cased, by code point, both ways', async () => {
      const accented = await aGroup(owner.api, 'Accented');
      const people = [['Émile', 'Östen'], ['eve', null], ['Zoë', 'ångström'], ['Åsa', 'Zola'], ['adam', 'élan'], ['Ölaf', 'Eriksson']];
      for (const [first, last] of people) await aContact({ first_name: first, last_name: last }, accented);
      const firstNames = async (ordering: string) =>
        ((await member.api.get(`${contacts(accented)}?ordering=${ordering}`)).body as ContactBody[]).map((c) => c.first_name);

      const byFirstName = ['adam', 'eve', 'Zoë', 'Åsa', 'Émile', 'Ölaf'];
      expect(await firstNames('first_name')).toEqual(byFirstName);
      expect(await firstNames('-first_name')).toEqual([...byFirstName].reverse());
      // Last names: none (as ''), Eriksson, Zola, ångström, élan, Östen.
      const byLastName = ['eve', 'Ölaf', 'Åsa', 'Zoë', 'adam', 'Émile'];
      expect(await firstNames('last_name')).toEqual(byLastName);
      expect(await firstNames('-last_name')).toEqual([...byLastName].reverse());
    });

    it('pages with the total and the links', async () => {
      const response = await list('?page=2&page_size=3');
      expect(names(response.body)).toEqual(['carol young']);
      expect(response.headers.get('x-total-count')).toBe('4');
      expect(response.headers.get('link')).toContain('rel="prev"');
      expect((await list('?page=3&page_size=3')).body).toEqual([]);
    });

    it.each([
      ['ordering=email', { ordering: ['Select a valid choice. email is not one of the available choices.'] }],
      ['page_size=0', { page_size: ['Ensure this value is greater than or equal to 1.'] }],
      ['page=x', { page: ['A valid integer is required.'] }],
    ])('refuses %s', async (query, errors) => {
      const response = await list(`?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errors);
    });
  });

  describe('update', () => {
    it('PUT requires first_name and keeps the fields it leaves out', async () => {
      const contact = await aContact({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' });

      const missing = await member.api.put(detail(contact.unique_id), { last_name: 'King' });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ first_name: ['This field is required.'] });

      const response = await member.api.put(detail(contact.unique_id), { first_name: 'Augusta', last_name: 'King' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ first_name: 'Augusta', full_name: 'Augusta King', email: 'ada@example.com' });
    });

    it('PATCH changes only what it is given and clears what is null', async () => {
      const contact = await aContact({ first_name: 'Alan', last_name: 'Turing', phone: '123' });

      const response = await owner.api.patch(detail(contact.unique_id), { last_name: null, entity_type: 'partner' });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        first_name: 'Alan',
        last_name: null,
        full_name: 'Alan',
        phone: '123',
        entity_type: 'partner',
        entity_type_display: 'Partner',
        created_by_name: 'Grace Hopper',
      });
    });

    it('refuses bad values and a changed unique_id, leaving the contact as it was', async () => {
      const contact = await aContact({ first_name: 'Kept', unique_id: 'kept' });

      const bad = await member.api.patch(detail('kept'), { first_name: ' ', email: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ first_name: ['This field may not be blank.'], email: ['Enter a valid email address.'] });

      const renamed = await member.api.patch(detail('kept'), { unique_id: 'moved', first_name: 'Changed' });
      expect(renamed.status).toBe(400);
      expect(renamed.body).toEqual({ unique_id: ['This field cannot be changed.'] });

      expect((await member.api.get(detail(contact.unique_id))).body.first_name).toBe('Kept');
    });
  });

  describe('delete', () => {
    it('answers 200 with the deleted contact, which is then gone', async () => {
      const contact = await aContact({ first_name: 'Gone', last_name: 'Soon' });

      const response = await member.api.delete(detail(contact.unique_id));

      expect(response.status).toBe(200);
      expect(Object.keys(response.body)).toEqual(CONTACT_FIELDS);
      expect(response.body).toMatchObject({ unique_id: contact.unique_id, full_name: 'Gone Soon' });
      expect((await member.api.get(detail(contact.unique_id))).status).toBe(404);
      expect((await member.api.delete(detail(contact.unique_id))).status).toBe(404);
    });
  });

  describe('the primary contact', () => {
    it('is at most one per entity in a group: a new primary demotes the former one', async () => {
      const g = await aGroup(owner.api, 'Primaries');
      const first = await aContact({ first_name: 'First', entity_type: 'vendor', entity_id: 'v1', primary_contact: true }, g);
      const otherEntity = await aContact({ first_name: 'Other', entity_type: 'vendor', entity_id: 'v2', primary_contact: true }, g);
      const otherType = await aContact({ first_name: 'Typed', entity_type: 'client', entity_id: 'v1', primary_contact: true }, g);
      const elsewhere = await aContact({ first_name: 'Far', entity_type: 'vendor', entity_id: 'v1', primary_contact: true }, otherGroup);

      const second = await aContact({ first_name: 'Second', entity_type: 'vendor', entity_id: 'v1', primary_contact: true }, g);

      expect((await primariesOf(g)).sort()).toEqual([second.unique_id, otherEntity.unique_id, otherType.unique_id].sort());
      expect((await member.api.get(detail(first.unique_id, g))).body.primary_contact).toBe(false);
      expect((await member.api.get(detail(elsewhere.unique_id, otherGroup))).body.primary_contact).toBe(true);

      const promoted = await member.api.patch(detail(first.unique_id, g), { primary_contact: true });
      expect(promoted.status).toBe(200);
      expect(promoted.body.primary_contact).toBe(true);
      expect((await primariesOf(g)).sort()).toEqual([first.unique_id, otherEntity.unique_id, otherType.unique_id].sort());
    });

    it('follows a contact moved to another entity, and lets a primary be unset', async () => {
      const g = await aGroup(owner.api, 'Moves');
      const a = await aContact({ first_name: 'A', entity_id: 'c1', primary_contact: true }, g);
      const b = await aContact({ first_name: 'B', entity_id: 'c2', primary_contact: true }, g);

      expect((await member.api.patch(detail(a.unique_id, g), { entity_id: 'c2' })).status).toBe(200);
      expect(await primariesOf(g)).toEqual([a.unique_id]);

      expect((await member.api.patch(detail(a.unique_id, g), { primary_contact: false })).status).toBe(200);
      expect(await primariesOf(g)).toEqual([]);
      expect((await member.api.get(detail(b.unique_id, g))).body.primary_contact).toBe(false);
    });

    it('treats contacts without an entity id as one entity per entity type', async () => {
      const g = await aGroup(owner.api, 'Loose');
      await aContact({ first_name: 'A', primary_contact: true }, g);
      const b = await aContact({ first_name: 'B', entity_id: '', primary_contact: true }, g);
      expect(await primariesOf(g)).toEqual([b.unique_id]);
    });

    it('holds under concurrency: contacts made primary at once leave exactly one primary', async () => {
      const g = await aGroup(owner.api, 'Race');
      const racers: ContactBody[] = [];
      for (let i = 0; i < 8; i++) racers.push(await aContact({ first_name: `Racer ${i}`, entity_id: 'acme' }, g));

      const responses = await Promise.all(
        racers.map((racer) => member.api.patch(detail(racer.unique_id, g), { primary_contact: true })),
      );

      expect(responses.map((response) => response.status)).toEqual(racers.map(() => 200));
      expect(await primariesOf(g)).toHaveLength(1);
    });

    it('holds under concurrency when primaries are created at once', async () => {
      const g = await aGroup(owner.api, 'Race to create');

      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          member.api.post(create(g), { first_name: `Newcomer ${i}`, entity_id: 'acme', primary_contact: true }),
        ),
      );

      expect(responses.map((response) => response.status)).toEqual(responses.map(() => 201));
      expect(await primariesOf(g)).toHaveLength(1);
    });
  });

  describe('access', () => {
    it('reaches a contact only through its own group: another group of the organisation is a 404', async () => {
      const contact = await aContact({ first_name: 'Homebody' });
      const wrong = detail(contact.unique_id, otherGroup);

      for (const response of [
        await member.api.get(wrong),
        await member.api.put(wrong, { first_name: 'Moved' }),
        await member.api.patch(wrong, { first_name: 'Moved' }),
        await member.api.delete(wrong),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ detail: 'Not found.' });
      }
      expect((await member.api.get(detail(contact.unique_id))).body.first_name).toBe('Homebody');
    });

    it("answers 404 to another organisation's member on every endpoint, and changes nothing", async () => {
      const contact = await aContact({ first_name: 'Private' });
      for (const response of [
        await stranger.api.get(contacts()),
        await stranger.api.post(create(), { first_name: 'Intruder' }),
        await stranger.api.get(detail(contact.unique_id)),
        await stranger.api.put(detail(contact.unique_id), { first_name: 'Taken' }),
        await stranger.api.patch(detail(contact.unique_id), { first_name: 'Taken' }),
        await stranger.api.delete(detail(contact.unique_id)),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ detail: 'Not found.' });
      }
      expect((await member.api.get(detail(contact.unique_id))).body.first_name).toBe('Private');
    });

    it("does not reach a group of another organisation through one's own organisation's path", async () => {
      const theirs = await aGroup(stranger.api, 'Theirs', stranger.organisationUniqueId);
      expect((await owner.api.get(contacts(theirs))).status).toBe(404);
      expect((await owner.api.post(create(theirs), { first_name: 'x' })).status).toBe(404);
    });

    it('answers 401 without credentials, and with a wrong password', async () => {
      const contact = await aContact({ first_name: 'Guarded' });
      const wrongPassword = app.client.basic(member.email, 'wrong password');
      for (const client of [app.client, wrongPassword]) {
        for (const response of [
          await client.get(contacts()),
          await client.post(create(), { first_name: 'x' }),
          await client.get(detail(contact.unique_id)),
          await client.put(detail(contact.unique_id), { first_name: 'x' }),
          await client.patch(detail(contact.unique_id), { first_name: 'x' }),
          await client.delete(detail(contact.unique_id)),
        ]) {
          expect(response.status).toBe(401);
          expect(response.headers.get('www-authenticate')).toBe('Basic realm="api"');
        }
      }
    });

    it('accepts the session cookie, with the CSRF header on writes', async () => {
      const session = app.client.as({ kind: 'session', sessionId: member.sessionId, csrfToken: member.csrfToken });
      expect((await session.post(create(), { first_name: 'Cookie' })).status).toBe(201);
      const withoutCsrf = app.client.as({ kind: 'session', sessionId: member.sessionId, csrfToken: member.csrfToken, sendCsrf: false });
      expect((await withoutCsrf.post(create(), { first_name: 'Forged' })).status).toBe(403);
    });

    it('refuses a body that is not JSON with 415', async () => {
      const response = await member.api.post(create(), undefined, { raw: 'first_name=Ada', contentType: 'text/plain' });
      expect(response.status).toBe(415);
    });
  });
});
