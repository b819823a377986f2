import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { FixedClock } from '../support/fixed-clock';
import { addMember } from '../support/members';
import { startTestApp, TestApp } from '../support/test-app';

const STAGE_FIELDS = [
  'unique_id', 'name', 'description', 'probability', 'is_active', 'is_closed_won', 'is_closed_lost', 'position',
  'date_created', 'last_updated',
].sort();
const CLIENT_FIELDS = ['unique_id', 'name', 'email', 'phone', 'website', 'date_created', 'last_updated'].sort();

describe.each(testDatabases())('sales stages and clients on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  const clock = new FixedClock('2026-03-15T10:00:00.000Z');

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { clock });
    owner = await signUp(app.client);
    member = await signUp(app.client);
    stranger = await signUp(app.client);
    await addMember(app, owner.organisationUniqueId, member);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const stages = (org = owner.organisationUniqueId) => `/api/v1.0/organisation/${org}/sales-stages`;
  const clients = (org = owner.organisationUniqueId) => `/api/v1.0/organisation/${org}/clients`;

  describe('sales stages', () => {
    it('starts every organisation with the default pipeline, in position order', async () => {
      const response = await stranger.api.get(`${stages(stranger.organisationUniqueId)}/`);

      expect(response.status).toBe(200);
      expect(response.headers.get('x-total-count')).toBe('6');
      expect(Object.keys(response.body[0]).sort()).toEqual(STAGE_FIELDS);
      expect(response.body.map((s: Record<string, unknown>) => [s.unique_id, s.name, s.probability, s.position])).toEqual([
        ['stage-new', 'New', '10.00', 0],
        ['stage-qualified', 'Qualified', '25.00', 1],
        ['stage-proposal', 'Proposal', '50.00', 2],
        ['stage-negotiation', 'Negotiation', '75.00', 3],
        ['stage-won', 'Won', '100.00', 4],
        ['stage-lost', 'Lost', '0.00', 5],
      ]);
      expect(response.body[4]).toMatchObject({ is_closed_won: true, is_closed_lost: false, is_active: true });
      expect(response.body[5]).toMatchObject({ is_closed_won: false, is_closed_lost: true });
    });

    it('creates a stage at the end of the pipeline (201), then reads, updates and deletes it (204, then 404)', async () => {
      const created = await member.api.post(`${stages()}/create/`, { unique_id: 'demo', name: 'Demo booked', probability: 30 });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        unique_id: 'demo',
        name: 'Demo booked',
        description: null,
        probability: '30.00',
        position: 6,
        is_active: true,
        date_created: '2026-03-15T10:00:00.000Z',
      });

      const patched = await member.api.patch(`${stages()}/demo/update/`, { description: 'A call is booked', is_active: false });
      expect(patched.body).toMatchObject({ name: 'Demo booked', description: 'A call is booked', is_active: false, probability: '30.00' });
      const put = await owner.api.put(`${stages()}/demo/update/`, { name: 'Demo', position: 2 });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ name: 'Demo', position: 2, description: 'A call is booked' });
      expect((await member.api.get(`${stages()}/demo/`)).body).toEqual(put.body);

      const deleted = await member.api.delete(`${stages()}/demo/delete/`);
      expect([deleted.status, deleted.text]).toEqual([204, '']);
      expect((await member.api.get(`${stages()}/demo/`)).status).toBe(404);
      expect((await member.api.delete(`${stages()}/demo/delete/`)).status).toBe(404);
    });

    it('checks every field and its bounds', async () => {
      const post = (body: Record<string, unknown>) => member.api.post(`${stages()}/create/`, body);

      expect((await post({})).body).toEqual({ name: ['This field is required.'] });
      expect((await post({ name: 'n'.repeat(201) })).body).toEqual({ name: ['Ensure this field has no more than 200 characters.'] });
      expect((await post({ name: 'n'.repeat(200), probability: '100.00', position: 2147483647 })).status).toBe(201);
      expect((await post({ name: 'p', probability: '0' })).status).toBe(201);
      expect((await post({ name: 'p', probability: '100.01', position: -1 })).body).toEqual({
        probability: ['Ensure this value is less than or equal to 100.'],
        position: ['Ensure this value is greater than or equal to 0.'],
      });
      expect((await post({ name: 'p', probability: '-0.01' })).body).toEqual({
        probability: ['Ensure this value is greater than or equal to 0.'],
      });
      expect((await post({ name: 'p', position: 2147483648 })).body).toEqual({
        position: ['Ensure this value is less than or equal to 2147483647.'],
      });
      expect((await post({ name: 'p', is_closed_won: true, is_closed_lost: true })).body).toEqual({
        non_field_errors: ['A sales stage cannot be both closed-won and closed-lost.'],
      });
      expect((await post({ name: 'p', unique_id: 's'.repeat(100) })).status).toBe(201);
      expect((await post({ name: 'p', unique_id: 's'.repeat(101) })).body).toEqual({
        unique_id: ['Ensure this field has no more than 100 characters.'],
      });
      expect((await post({ name: 'p', unique_id: 'stage-won' })).body).toEqual({
        unique_id: ['sales stage with this unique id already exists.'],
      });
      expect((await member.api.put(`${stages()}/stage-new/update/`, { probability: 5 })).body).toEqual({
        name: ['This field is required.'],
      });
    });

    it('orders by position, name, probability or date_created, and refuses other orderings', async () => {
      const fresh = await signUp(app.client);
      const list = (ordering: string) => fresh.api.get(`${stages(fresh.organisationUniqueId)}/?ordering=${ordering}`);

      expect((await list('name')).body.map((s: { name: string }) => s.name)).toEqual(['Lost', 'Negotiation', 'New', 'Proposal', 'Qualified', 'Won']);
      expect((await list('-probability')).body.map((s: { name: string }) => s.name)).toEqual(['Won', 'Negotiation', 'Proposal', 'Qualified', 'New', 'Lost']);
      expect((await list('-position')).body[0].name).toBe('Lost');
      const refused = await list('colour');
      expect([refused.status, refused.body]).toEqual([400, { ordering: ['Select a valid choice. colour is not one of the available choices.'] }]);
      expect((await list('-date_created')).status).toBe(200);
    });

    it('refuses (409 in_use) to delete a stage while a lead is in it', async () => {
      await member.api.post(`${stages()}/create/`, { unique_id: 'busy', name: 'Busy' });
      const lead = await member.api.post(`/api/v1.0/organisation/${owner.organisationUniqueId}/leads/create/`, {
        unique_id: 'busy-lead',
        title: 'Deal',
        lead_source: 'seo',
        sales_stage: 'busy',
      });
      expect(lead.status).toBe(201);

      const refused = await member.api.delete(`${stages()}/busy/delete/`);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ detail: 'This sales stage still has leads; move them to another stage first.', code: 'in_use' });
      expect((await member.api.get(`${stages()}/busy/`)).status).toBe(200);

      await member.api.delete(`/api/v1.0/organisation/${owner.organisationUniqueId}/leads/busy-lead/delete/`);
      expect((await member.api.delete(`${stages()}/busy/delete/`)).status).toBe(204);
    });
  });

  describe('clients', () => {
    it('creates (201), lists, reads, updates and deletes a client (204, then 404)', async () => {
      const created = await member.api.post(`${clients()}/create/`, {
        unique_id: 'acme',
        name: 'Acme Ltd',
        email: 'buyer@acme.example',
        phone: '+254 700 000000',
        website: 'https://acme.example',
      });
      expect(created.status).toBe(201);
      expect(Object.keys(created.body).sort()).toEqual(CLIENT_FIELDS);
      expect(created.body).toMatchObject({ unique_id: 'acme', name: 'Acme Ltd', email: 'buyer@acme.example' });

      const patched = await owner.api.patch(`${clients()}/acme/update/`, { phone: null });
      expect(patched.body).toMatchObject({ phone: null, email: 'buyer@acme.example' });
      const put = await member.api.put(`${clients()}/acme/update/`, { name: 'Acme Holdings' });
      expect(put.body).toMatchObject({ name: 'Acme Holdings', website: 'https://acme.example' });
      const listed = await member.api.get(`${clients()}/?search=HOLD`);
      expect(listed.body.map((c: { unique_id: string }) => c.unique_id)).toEqual(['acme']);

      expect((await member.api.delete(`${clients()}/acme/delete/`)).status).toBe(204);
      expect((await member.api.get(`${clients()}/acme/`)).status).toBe(404);
    });

    it('checks every field and its bounds', async () => {
      const post = (body: Record<string, unknown>) => member.api.post(`${clients()}/create/`, body);

      expect((await post({})).body).toEqual({ name: ['This field is required.'] });
      expect((await post({ name: '' })).body).toEqual({ name: ['This field may not be blank.'] });
      expect((await post({ name: 'c'.repeat(200), phone: '1'.repeat(50), website: `https://e.example/${'a'.repeat(282)}` })).status).toBe(201);
      expect((await post({ name: 'c'.repeat(201), phone: '1'.repeat(51), website: `https://e.example/${'a'.repeat(283)}`, email: 'nope' })).body).toEqual({
        name: ['Ensure this field has no more than 200 characters.'],
        phone: ['Ensure this field has no more than 50 characters.'],
        website: ['Ensure this field has no more than 300 characters.'],
        email: ['Enter a valid email address.'],
      });
      expect((await post({ name: 'x', website: 'not a url' })).body).toEqual({ website: ['Enter a valid URL.'] });
      const email = (length: number) => `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 193)}`;
      expect((await post({ name: 'x', email: email(254) })).status).toBe(201);
      expect((await post({ name: 'x', email: email(255) })).body).toEqual({ email: ['Ensure this field has no more than 254 characters.'] });
      expect((await post({ name: 'x', unique_id: 'c'.repeat(100) })).status).toBe(201);
      expect((await post({ name: 'x', unique_id: 'c'.repeat(101) })).body).toEqual({
        unique_id: ['Ensure this field has no more than 100 characters.'],
      });
      await post({ name: 'Dup', unique_id: 'dup' });
      expect((await post({ name: 'Dup', unique_id: 'dup' })).body).toEqual({ unique_id: ['client with this unique id already exists.'] });
    });

    it('refuses (409 in_use) to delete a client that a lead names', async () => {
      await member.api.post(`${clients()}/create/`, { unique_id: 'named', name: 'Named' });
      await member.api.post(`/api/v1.0/organisation/${owner.organisationUniqueId}/leads/create/`, {
        title: 'Deal',
        lead_source: 'seo',
        sales_stage: 'stage-new',
        client: 'named',
      });

      const refused = await member.api.delete(`${clients()}/named/delete/`);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ detail: 'This client is named by leads or projects; change or delete those first.', code: 'in_use' });
    });
  });

  it('answers 404 to a non-member on every route, as for an organisation that does not exist', async () => {
    await member.api.post(`${clients()}/create/`, { unique_id: 'secret', name: 'Secret' });
    for (const base of [stages(), clients()]) {
      const id = base === stages() ? 'stage-new' : 'secret';
      const responses = [
        await stranger.api.get(`${base}/`),
        await stranger.api.post(`${base}/create/`, { name: 'Mine' }),
        await stranger.api.get(`${base}/${id}/`),
        await stranger.api.put(`${base}/${id}/update/`, { name: 'Mine' }),
        await stranger.api.patch(`${base}/${id}/update/`, { name: 'Mine' }),
        await stranger.api.delete(`${base}/${id}/delete/`),
        await stranger.api.get(`${base.replace(owner.organisationUniqueId, stranger.organisationUniqueId)}/${id === 'secret' ? id : 'nope'}/`),
      ];
      expect(responses.map((r) => [r.status, r.body])).toEqual(responses.map(() => [404, { detail: 'Not found.' }]));
    }
    expect((await owner.api.get(`${stages()}/stage-new/`)).body.name).toBe('New');
    expect((await owner.api.get(`${clients()}/secret/`)).body.name).toBe('Secret');
  });

  it('answers GET on a create path with 405, and needs credentials', async () => {
    const wrong = await member.api.get(`${stages()}/create/`);
    expect([wrong.status, wrong.body]).toEqual([405, { detail: 'Method "GET" not allowed.' }]);
    expect((await app.client.get(`${clients()}/`)).status).toBe(401);
  });
});
