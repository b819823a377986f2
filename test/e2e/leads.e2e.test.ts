import { signUp, TestUser } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { testDatabases } from '../support/databases';
import { FixedClock } from '../support/fixed-clock';
import { addMember } from '../support/members';
import { startTestApp, TestApp } from '../support/test-app';

const LEAD_FIELDS = [
  'unique_id', 'title', 'description', 'qualification_notes', 'priority', 'lead_source', 'estimated_value', 'win_probability',
  'weighted_value', 'sales_stage', 'client', 'expected_close_date', 'follow_up_date', 'created_by', 'assigned_to', 'is_closed',
  'date_created', 'last_updated',
].sort();
const SOURCES = [
  'website', 'social_media', 'email_marketing', 'referral', 'cold_calling', 'trade_show', 'advertising', 'content_marketing',
  'seo', 'ppc', 'partner', 'other',
];

describe.each(testDatabases())('leads on $name', (factory) => {
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
    owner = await signUp(app.client, { first_name: 'Olu', last_name: 'Owner' });
    member = await signUp(app.client, { first_name: 'Mae', last_name: 'Member' });
    stranger = await signUp(app.client);
    await addMember(app, owner.organisationUniqueId, member);
    await member.api.post(`/api/v1.0/organisation/${owner.organisationUniqueId}/clients/create/`, { unique_id: 'acme', name: 'Acme' });
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const leads = (org = owner.organisationUniqueId) => `/api/v1.0/organisation/${org}/leads`;
  const minimal = { title: 'Office fit-out', lead_source: 'referral', sales_stage: 'stage-qualified' };
  const create = (body: Record<string, unknown>, api: ApiClient = member.api) => {
    clock.advance(60_000);
    return api.post(`${leads()}/create/`, body);
  };

  it('creates a lead (201) in its stage, with the stage’s probability, created by and assigned to the caller', async () => {
    const response = await create({ ...minimal, unique_id: 'fit-out', client: 'acme', estimated_value: '1000.50' });

    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(LEAD_FIELDS);
    expect(response.body).toMatchObject({
      unique_id: 'fit-out',
      title: 'Office fit-out',
      description: null,
      qualification_notes: null,
      priority: 'medium',
      lead_source: 'referral',
      estimated_value: '1000.50',
      win_probability: '25.00',
      weighted_value: '250.13',
      sales_stage: 'stage-qualified',
      client: 'acme',
      expected_close_date: null,
      follow_up_date: null,
      created_by: { unique_id: member.personUniqueId, full_name: 'Mae Member' },
      assigned_to: { unique_id: member.personUniqueId, full_name: 'Mae Member' },
      is_closed: false,
      date_created: clock.now().toISOString(),
      last_updated: clock.now().toISOString(),
    });
    expect((await owner.api.get(`${leads()}/fit-out/`)).body).toEqual(response.body);
  });

  it('keeps a 16+2-digit value sent as a JSON number exact, and weighs it half-up to the cent', async () => {
    const response = await member.api.request('POST', `${leads()}/create/`, {
      raw: `{"title": "Big", "lead_source": "seo", "sales_stage": "stage-new", "estimated_value": 1234567890123456.78, "win_probability": 33.33}`,
      contentType: 'application/json',
    });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ estimated_value: '1234567890123456.78', win_probability: '33.33', weighted_value: '411481477778148.14' });
    const tie = await create({ ...minimal, estimated_value: '10.01', win_probability: '50' });
    expect(tie.body.weighted_value).toBe('5.01');
  });

  it("takes the stage's probability only when win_probability is absent: an explicit null is kept", async () => {
    const absent = await create({ ...minimal, sales_stage: 'stage-won' });
    const cleared = await create({ ...minimal, sales_stage: 'stage-won', win_probability: null });
    expect([absent.body.win_probability, absent.body.is_closed]).toEqual(['100.00', true]);
    expect([cleared.status, cleared.body.win_probability, cleared.body.is_closed, cleared.body.weighted_value]).toEqual([201, null, false, null]);
  });

  it('marks a lead closed when won (100) or lost (0)', async () => {
    const won = await create({ ...minimal, sales_stage: 'stage-won' });
    const lost = await create({ ...minimal, win_probability: '0.00' });
    const open = await create({ ...minimal, win_probability: '99.99' });

    expect([won.body.win_probability, won.body.is_closed]).toEqual(['100.00', true]);
    expect([lost.body.win_probability, lost.body.is_closed, lost.body.weighted_value]).toEqual(['0.00', true, null]);
    expect(open.body.is_closed).toBe(false);
  });

  it('requires title, lead_source and sales_stage on create, and refuses unknown references on their fields', async () => {
    expect((await create({})).body).toEqual({
      title: ['This field is required.'],
      lead_source: ['This field is required.'],
      sales_stage: ['This field is required.'],
    });
    expect((await create({ ...minimal, sales_stage: null, title: '' })).body).toEqual({
      title: ['This field may not be blank.'],
      sales_stage: ['This field may not be null.'],
    });
    const unknown = await create({ ...minimal, sales_stage: 'stage-nope', client: 'nobody' });
    expect([unknown.status, unknown.body]).toEqual([
      400,
      { sales_stage: ['Object with unique_id=stage-nope does not exist.'], client: ['Object with unique_id=nobody does not exist.'] },
    ]);
    await stranger.api.post(`/api/v1.0/organisation/${stranger.organisationUniqueId}/clients/create/`, { unique_id: 'theirs', name: 'Theirs' });
    expect((await create({ ...minimal, client: 'theirs' })).body).toEqual({ client: ['Object with unique_id=theirs does not exist.'] });
  });

  it.each<[string, unknown, unknown, string]>([
    ['estimated_value', '9999999999999999.99', '10000000000000000', 'Ensure that there are no more than 16 digits before the decimal point.'],
    ['estimated_value', '0.01', '0.001', 'Ensure that there are no more than 2 decimal places.'],
    ['estimated_value', '0', '-0.01', 'Ensure this value is greater than or equal to 0.'],
    ['estimated_value', '1', '12.3.4', 'A valid number is required.'],
    ['win_probability', '100', '100.01', 'Ensure this value is less than or equal to 100.'],
    ['win_probability', '0', '-0.01', 'Ensure this value is greater than or equal to 0.'],
    ['win_probability', '99.99', '1000', 'Ensure that there are no more than 3 digits before the decimal point.'],
    ['win_probability', '0.01', '0.001', 'Ensure that there are no more than 2 decimal places.'],
    ['unique_id', 'u'.repeat(100), 'u'.repeat(101), 'Ensure this field has no more than 100 characters.'],
    ['unique_id', 'a_Z-9', 'has space', 'Enter a valid unique_id: 1 to 100 letters, digits, "_" or "-".'],
    ['expected_close_date', '2024-02-29', '2025-02-29', 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
    [
      'follow_up_date',
      '2026-01-15T10:00:00+02:00',
      '2026-01-15 25:00',
      'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
    ],
  ])('bounds %s: %p passes, %p fails', async (field, passing, failing, message) => {
    const ok = await create({ ...minimal, [field]: passing });
    expect(ok.status).toBe(201);
    const refused = await create({ ...minimal, [field]: failing });
    expect([refused.status, refused.body]).toEqual([400, { [field]: [message] }]);
  });

  it('returns date-times in UTC', async () => {
    const response = await create({ ...minimal, follow_up_date: '2026-01-15T10:00:00+02:00', expected_close_date: '2026-06-30' });

    expect(response.body).toMatchObject({ follow_up_date: '2026-01-15T08:00:00.000Z', expected_close_date: '2026-06-30' });
  });

  it('accepts every priority and lead source, and nothing else', async () => {
    for (const priority of ['low', 'medium', 'high', 'critical']) {
      expect((await create({ ...minimal, priority })).body.priority).toBe(priority);
    }
    for (const source of SOURCES) expect((await create({ ...minimal, lead_source: source })).body.lead_source).toBe(source);
    expect((await create({ ...minimal, priority: 'urgent', lead_source: 'tv' })).body).toEqual({
      priority: ['"urgent" is not a valid choice.'],
      lead_source: ['"tv" is not a valid choice.'],
    });
  });

  it('ignores read-only fields in input', async () => {
    const response = await create({
      ...minimal,
      weighted_value: '999',
      is_closed: true,
      created_by: { unique_id: stranger.personUniqueId },
      date_created: '2000-01-01T00:00:00Z',
    });

    expect(response.body).toMatchObject({ weighted_value: null, is_closed: false, created_by: { unique_id: member.personUniqueId } });
    expect(response.body.date_created).toBe(clock.now().toISOString());
  });

  it('updates with PATCH only what is sent; PUT needs its required fields and keeps what it leaves out', async () => {
    await create({ ...minimal, unique_id: 'upd', description: 'Three floors', estimated_value: '5000' });

    const patched = await owner.api.patch(`${leads()}/upd/update/`, { win_probability: '100', priority: 'high' });
    expect(patched.body).toMatchObject({ description: 'Three floors', priority: 'high', is_closed: true, weighted_value: '5000.00' });
    expect(patched.body.last_updated).toBe(clock.now().toISOString());

    const incomplete = await owner.api.put(`${leads()}/upd/update/`, { title: 'Fit-out' });
    expect(incomplete.body).toEqual({ lead_source: ['This field is required.'], sales_stage: ['This field is required.'] });
    const put = await owner.api.put(`${leads()}/upd/update/`, { title: 'Fit-out', lead_source: 'seo', sales_stage: 'stage-negotiation' });
    expect(put.body).toMatchObject({ title: 'Fit-out', lead_source: 'seo', sales_stage: 'stage-negotiation', description: 'Three floors', win_probability: '100.00' });

    const cleared = await member.api.patch(`${leads()}/upd/update/`, { sales_stage: null, client: null, description: null });
    expect(cleared.body).toMatchObject({ sales_stage: null, client: null, description: null });
    expect((await member.api.patch(`${leads()}/upd/update/`, { unique_id: 'other' })).body).toEqual({ unique_id: ['This field cannot be changed.'] });
    expect((await member.api.patch(`${leads()}/upd/update/`, { unique_id: 'upd', title: 'Same id' })).status).toBe(200);
    expect((await member.api.patch(`${leads()}/upd/update/`, { client: 'nobody' })).body).toEqual({
      client: ['Object with unique_id=nobody does not exist.'],
    });
  });

  it('deletes a lead (204), after which it is 404', async () => {
    await create({ ...minimal, unique_id: 'doomed' });

    const deleted = await member.api.delete(`${leads()}/doomed/delete/`);

    expect([deleted.status, deleted.text]).toEqual([204, '']);
    for (const response of [
      await member.api.get(`${leads()}/doomed/`),
      await member.api.patch(`${leads()}/doomed/update/`, { title: 'x' }),
      await member.api.delete(`${leads()}/doomed/delete/`),
    ]) {
      expect([response.status, response.body]).toEqual([404, { detail: 'Not found.' }]);
    }
  });

  it('answers 404 to a non-member on every route, and changes nothing', async () => {
    await create({ ...minimal, unique_id: 'private' });
    const responses = [
      await stranger.api.get(`${leads()}/`),
      await stranger.api.post(`${leads()}/create/`, minimal),
      await stranger.api.get(`${leads()}/private/`),
      await stranger.api.put(`${leads()}/private/update/`, minimal),
      await stranger.api.patch(`${leads()}/private/update/`, { title: 'Mine' }),
      await stranger.api.delete(`${leads()}/private/delete/`),
      await stranger.api.get(`${leads(stranger.organisationUniqueId)}/private/`),
    ];

    expect(responses.map((r) => [r.status, r.body])).toEqual(responses.map(() => [404, { detail: 'Not found.' }]));
    expect((await owner.api.get(`${leads()}/private/`)).body.title).toBe('Office fit-out');
  });

  it('accepts the session cookie, with the CSRF token on writes', async () => {
    const session = app.client.as({ kind: 'session', sessionId: member.sessionId, csrfToken: member.csrfToken });
    const withoutToken = app.client.as({ kind: 'session', sessionId: member.sessionId, csrfToken: member.csrfToken, sendCsrf: false });

    expect((await session.post(`${leads()}/create/`, minimal)).status).toBe(201);
    expect((await session.get(`${leads()}/`)).status).toBe(200);
    const refused = await withoutToken.post(`${leads()}/create/`, minimal);
    expect([refused.status, refused.body]).toEqual([403, { detail: 'CSRF Failed: CSRF token missing or incorrect.' }]);
  });

  it('answers GET on the create path with 405 and other content types with 415', async () => {
    const wrong = await member.api.get(`${leads()}/create/`);
    expect([wrong.status, wrong.body]).toEqual([405, { detail: 'Method "GET" not allowed.' }]);
    const form = await member.api.post(`${leads()}/create/`, undefined, { form: { title: 'x' } });
    expect([form.status, form.body]).toEqual([415, { detail: 'Unsupported media type "application/x-www-form-urlencoded" in request.' }]);
  });

  describe('the list', () => {
    let seller: TestUser;
    const list = (query = '') => seller.api.get(`${leads(seller.organisationUniqueId)}/${query}`);
    const titles = async (query = '') => (await list(query)).body.map((l: { title: string }) => l.title);

    beforeAll(async () => {
      seller = await signUp(app.client);
      const rows: Record<string, unknown>[] = [
        { title: 'Roof REPAIR', lead_source: 'website', win_probability: '100', estimated_value: '300', expected_close_date: '2026-05-01' },
        { title: 'garden', lead_source: 'website', win_probability: '0', estimated_value: '10' },
        { title: 'repair of fence', lead_source: 'seo', estimated_value: '2000.5', expected_close_date: '2026-04-01' },
        { title: '100% discount', lead_source: 'seo', sales_stage: 'stage-won' },
        { title: 'Alpha_1', lead_source: 'partner' },
      ];
      for (const row of rows) {
        clock.advance(60_000);
        const response = await seller.api.post(`${leads(seller.organisationUniqueId)}/create/`, { sales_stage: 'stage-new', ...row });
        if (response.status !== 201) throw new Error(response.text);
      }
    });

    it('lists the newest first, with X-Total-Count and Link headers', async () => {
      const response = await list();

      expect(response.status).toBe(200);
      expect(response.body.map((l: { title: string }) => l.title)).toEqual(['Alpha_1', '100% discount', 'repair of fence', 'garden', 'Roof REPAIR']);
      expect(response.headers.get('x-total-count')).toBe('5');
      expect(response.headers.get('link')).toContain('rel="first"');
    });

    it('pages with page and page_size', async () => {
      const second = await list('?page=2&page_size=2');

      expect(second.body.map((l: { title: string }) => l.title)).toEqual(['repair of fence', 'garden']);
      expect(second.headers.get('link')).toMatch(/page=1&page_size=2>; rel="prev".*page=3&page_size=2>; rel="next"/);
      expect((await list('?page=9')).body).toEqual([]);
      expect((await list('?page=0&page_size=x')).body).toEqual({
        page: ['Ensure this value is greater than or equal to 1.'],
        page_size: ['A valid integer is required.'],
      });
    });

    it('filters by name: part of the title in any case, wildcards taken literally', async () => {
      expect(await titles('?name=REPAIR')).toEqual(['repair of fence', 'Roof REPAIR']);
      expect(await titles('?name=0%25')).toEqual(['100% discount']);
      expect(await titles('?name=a_')).toEqual(['Alpha_1']);
      expect(await titles('?name=')).toHaveLength(5);
    });

    it('filters by source, and refuses a value that is not a lead source', async () => {
      expect(await titles('?source=website')).toEqual(['garden', 'Roof REPAIR']);
      expect(await titles('?source=ppc')).toEqual([]);
      const refused = await list('?source=radio');
      expect([refused.status, refused.body]).toEqual([400, { source: ['Select a valid choice. radio is not one of the available choices.'] }]);
    });

    it('filters by status: won at 100, lost at 0, open otherwise', async () => {
      expect(await titles('?status=won')).toEqual(['100% discount', 'Roof REPAIR']);
      expect(await titles('?status=lost')).toEqual(['garden']);
      expect(await titles('?status=open')).toEqual(['Alpha_1', 'repair of fence']);
      expect(await titles('?status=won&source=seo&name=disc')).toEqual(['100% discount']);
      const refused = await list('?status=closed');
      expect([refused.status, refused.body]).toEqual([400, { status: ['Select a valid choice. closed is not one of the available choices.'] }]);
    });

    it('orders by title, estimated_value, win_probability, expected_close_date and date_created, and refuses others', async () => {
      const unvalued = ['100% discount', 'Alpha_1'];
      expect(await titles('?ordering=title')).toEqual(['100% discount', 'Alpha_1', 'garden', 'repair of fence', 'Roof REPAIR']);
      const ascending = await titles('?ordering=estimated_value');
      expect(ascending.slice(0, 3)).toEqual(['garden', 'Roof REPAIR', 'repair of fence']);
      expect(ascending.slice(3).sort()).toEqual(unvalued);
      const descending = await titles('?ordering=-estimated_value');
      expect(descending.slice(0, 2).sort()).toEqual(unvalued);
      expect(descending.slice(2)).toEqual(['repair of fence', 'Roof REPAIR', 'garden']);
      expect((await titles('?ordering=win_probability'))[0]).toBe('garden');
      expect((await titles('?ordering=-win_probability')).slice(2)).toEqual(expect.not.arrayContaining(['100% discount', 'Roof REPAIR']));
      expect((await titles('?ordering=expected_close_date')).slice(0, 2)).toEqual(['repair of fence', 'Roof REPAIR']);
      expect((await titles('?ordering=-expected_close_date')).slice(3)).toEqual(['Roof REPAIR', 'repair of fence']);
      expect(await titles('?ordering=date_created')).toEqual(['Roof REPAIR', 'garden', 'repair of fence', '100% discount', 'Alpha_1']);
      const refused = await list('?ordering=weighted_value');
      expect([refused.status, refused.body]).toEqual([400, { ordering: ['Select a valid choice. weighted_value is not one of the available choices.'] }]);
    });
  });
});
