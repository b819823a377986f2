import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Text no database can store whole: a NUL character (Postgres refuses it in
 * text) and a lone surrogate (no UTF-8 form). DRF's CharField answers 400
 * with its own messages; nothing is stored, and no query ever sees them, on
 * either engine: not in a body, a query string or a path.
 */
describe.each(testDatabases())('text with a NUL or a lone surrogate on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let user: TestUser;
  const org = () => `/api/v1.0/organisation/${user.organisationUniqueId}`;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    user = await signUp(app.client);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const creates: [string, () => string, string, Record<string, unknown>][] = [
    ['a vendor', () => `${org()}/vendors/create/`, 'name', {}],
    ['a client', () => `${org()}/clients/create/`, 'name', {}],
    ['a lead', () => `${org()}/leads/create/`, 'title', { lead_source: 'referral', sales_stage: 'stage-qualified' }],
    ['an expense', () => `${org()}/expenses/create/`, 'title', { expense_number: 'N-1', account_id: 'acct-5000', expense_date: '2026-01-15', amount: '1.00' }],
    ['an account', () => `${org()}/accounts/create/`, 'name', { account_code: '6999', account_type: 'expense' }],
    ['a contact group', () => `${org()}/contact-groups/create/`, 'name', {}],
    ['a sales stage', () => `${org()}/sales-stages/create/`, 'name', { probability: 10 }],
  ];

  it.each(creates)('refuses %s whose text holds a NUL, and stores nothing', async (_what, path, field, rest) => {
    const list = path().replace(/create\/$/, '');
    const before = (await user.api.get(list)).headers.get('x-total-count');
    const response = await user.api.post(path(), { ...rest, [field]: 'Acme\u0000 Ltd' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ [field]: ['Null characters are not allowed.'] });
    expect((await user.api.get(list)).headers.get('x-total-count')).toBe(before);
  });

  it.each(creates)('refuses %s whose text holds a lone surrogate', async (_what, path, field, rest) => {
    // JSON.stringify would escape the surrogate all the same; written out, the body says what is sent.
    const others = JSON.stringify(rest).slice(1, -1);
    const response = await user.api.request('POST', path(), {
      raw: `{"${field}": "Acme \\ud800 Ltd"${others ? `, ${others}` : ''}}`,
      contentType: 'application/json',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ [field]: ['Surrogate characters are not allowed: U+D800.'] });
  });

  it('keeps a valid astral character (a surrogate pair) as one character', async () => {
    const response = await user.api.post(`${org()}/vendors/create/`, { name: 'Rockets 🚀' });
    expect(response.status).toBe(201);
    expect(response.body.name).toBe('Rockets 🚀');
  });

  it('refuses a NUL in nested text, the profile and the organisation', async () => {
    const me = await user.api.patch('/api/v1.0/me/', { job_title: 'Boss\u0000' });
    expect(me.status).toBe(400);
    expect(me.body).toEqual({ job_title: ['Null characters are not allowed.'] });
    const nested = await user.api.post(`${org()}/vendors/create/`, { name: 'Nested', address: { city: 'Nai\u0000robi' } });
    expect(nested.status).toBe(400);
    expect(JSON.stringify(nested.body)).toContain('Null characters are not allowed.');
    const organisation = await user.api.patch(`${org()}/update/`, { name: 'Org\u0000' });
    expect(organisation.status).toBe(400);
    expect(organisation.body).toEqual({ name: ['Null characters are not allowed.'] });
  });

  it('answers a NUL in a search with the 400 of the filter', async () => {
    for (const resource of ['vendors', 'expenses', 'clients']) {
      const response = await user.api.get(`${org()}/${resource}/?search=ac%00me`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ search: ['Null characters are not allowed.'] });
    }
  });

  it('answers a NUL in a record path with 404', async () => {
    for (const resource of ['vendors', 'expenses', 'clients', 'leads', 'accounts', 'contact-groups', 'sales-stages']) {
      const response = await user.api.get(`${org()}/${resource}/ac%00me/`);
      expect(response.status).toBe(404);
    }
    expect((await user.api.get('/api/v1.0/organisation/ac%00me/vendors/')).status).toBe(404);
  });

  it('refuses a NUL in the credentials of a login and a sign-up without a 500', async () => {
    const login = await app.client.post('/api/v1.0/auth/login/', { email: 'a\u0000b@example.com', password: 'whatever it is' });
    expect(login.status).toBe(400);
    const signup = await app.client.post('/api/v1.0/auth/signup/', {
      email: 'new@example.com',
      password: 'correct horse battery',
      first_name: 'Nul\u0000',
      last_name: 'Person',
      organisation_name: 'Org',
    });
    expect(signup.status).toBe(400);
    expect(signup.body).toEqual({ first_name: ['Null characters are not allowed.'] });
  });
});
