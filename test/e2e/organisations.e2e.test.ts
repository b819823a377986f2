import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { addMember } from '../support/members';
import { startTestApp, TestApp } from '../support/test-app';

describe.each(testDatabases())('organisations on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    owner = await signUp(app.client, { organisation_name: 'Acme' });
    member = await signUp(app.client);
    stranger = await signUp(app.client);
    await addMember(app, owner.organisationUniqueId, member);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const detail = (uid: string) => `/api/v1.0/organisation/${uid}/`;
  const update = (uid: string) => `/api/v1.0/organisation/${uid}/update/`;

  it('lists the owner view of every organisation the caller belongs to', async () => {
    const response = await member.api.get('/api/v1.0/organisations/');
    expect(response.status).toBe(200);
    const uids = response.body.map((o: { unique_id: string }) => o.unique_id);
    expect(uids).toEqual([member.organisationUniqueId, owner.organisationUniqueId]);
    const acme = response.body[1];
    expect(acme).toMatchObject({ name: 'Acme', member_count: 2, monthly_ai_credits_remaining: '0.00', default_vat_rate: '0.00' });
    expect(acme.current_financial_year_label).toMatch(/^FY\d{4}$/);
  });

  it('pages the list of organisations like every other list', async () => {
    const first = await member.api.get('/api/v1.0/organisations/?page_size=1');
    expect(first.body.map((o: { unique_id: string }) => o.unique_id)).toEqual([member.organisationUniqueId]);
    expect(first.headers.get('X-Total-Count')).toBe('2');
    expect(first.headers.get('Link')).toContain('rel="next"');
    const second = await member.api.get('/api/v1.0/organisations/?page=2&page_size=1');
    expect(second.body.map((o: { unique_id: string }) => o.unique_id)).toEqual([owner.organisationUniqueId]);
    expect((await member.api.get('/api/v1.0/organisations/?page=0')).body).toEqual({ page: ['Ensure this value is greater than or equal to 1.'] });
  });

  it('shows members the basic view and hides the owner-only fields', async () => {
    const response = await member.api.get(detail(owner.organisationUniqueId));
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(
      [
        'unique_id', 'name', 'language', 'language_display', 'business_description', 'business_category',
        'business_category_display', 'business_website', 'logo_url', 'owner', 'member_count', 'date_created', 'last_updated',
      ].sort(),
    );
    expect(response.body.owner.unique_id).toBe(owner.personUniqueId);
  });

  it('answers 404 to a non-member, exactly as for an organisation that does not exist', async () => {
    for (const path of [detail(owner.organisationUniqueId), detail('does-not-exist')]) {
      const response = await stranger.api.get(path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Not found.' });
    }
    const write = await stranger.api.patch(update(owner.organisationUniqueId), { name: 'Taken' });
    expect(write.status).toBe(404);
  });

  it('lets only the owner update: a member gets 403 and nothing changes', async () => {
    const denied = await member.api.patch(update(owner.organisationUniqueId), { name: 'Hijacked' });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ detail: 'You do not have permission to perform this action.' });
    const after = await owner.api.get(detail(owner.organisationUniqueId));
    expect(after.body.name).toBe('Acme');
  });

  it('updates with PATCH and merges nested objects field by field', async () => {
    const uid = owner.organisationUniqueId;
    await owner.api.patch(update(uid), { address: { city: 'Nairobi' }, banking_information: { account_number: 'GB33 BUKB 2020 1555 5555 55' } });
    const response = await owner.api.patch(update(uid), {
      address: { postal_code: '00100' },
      default_vat_rate: 16,
      monthly_ai_credits_allocated: '100.50',
      monthly_ai_credits_used: '20.25',
      financial_year_end: '03-31',
      business_category: 'it_support',
    });
    expect(response.status).toBe(200);
    expect(response.body.address).toMatchObject({ city: 'Nairobi', postal_code: '00100' });
    expect(response.body.banking_information.account_number_last4).toBe('5555');
    expect(response.body.banking_information).not.toHaveProperty('account_number');
    expect(response.body.default_vat_rate).toBe('16.00');
    expect(response.body.monthly_ai_credits_remaining).toBe('80.25');
    expect(response.body.current_financial_year_label).toMatch(/^FY\d{4}\/\d{2}$/);
    expect(response.body.business_category_display).toBe('IT Support');
  });

  it('ignores read-only and derived fields in input', async () => {
    const uid = owner.organisationUniqueId;
    const response = await owner.api.patch(update(uid), {
      member_count: 99,
      logo_url: 'http://evil.example/x.png',
      monthly_ai_credits_remaining: '9999.99',
      current_financial_year_label: 'FY1999',
    });
    expect(response.status).toBe(200);
    expect(response.body.member_count).toBe(2);
    expect(response.body.logo_url).toBeNull();
    expect(response.body.monthly_ai_credits_remaining).toBe('80.25');
  });

  it('requires the name on PUT and keeps fields that PUT leaves out', async () => {
    const uid = owner.organisationUniqueId;
    const missing = await owner.api.put(update(uid), { vat_number: 'X' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ name: ['This field is required.'] });
    const ok = await owner.api.put(update(uid), { name: 'Acme Ltd' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Acme Ltd', default_vat_rate: '16.00' });
  });

  it.each([
    ['purchased_seats', 2147483647, 2147483648, 'Ensure this value is less than or equal to 2147483647.'],
    ['purchased_seats', 0, -1, 'Ensure this value is greater than or equal to 0.'],
    ['default_vat_rate', '999.99', '1000', 'Ensure that there are no more than 3 digits before the decimal point.'],
    ['monthly_ai_credits_allocated', '9999.99', '10000.00', 'Ensure that there are no more than 6 digits in total.'],
    ['vat_number', 'x'.repeat(100), 'x'.repeat(101), 'Ensure this field has no more than 100 characters.'],
    ['billing_customer_id', 'c'.repeat(100), 'c'.repeat(101), 'Ensure this field has no more than 100 characters.'],
    ['business_website', `https://example.com/${'a'.repeat(280)}`, `https://example.com/${'a'.repeat(281)}`, 'Ensure this field has no more than 300 characters.'],
    ['name', 'n'.repeat(200), 'n'.repeat(201), 'Ensure this field has no more than 200 characters.'],
  ])('bounds %s: the maximum passes, one more fails', async (field, max, overMax, message) => {
    const uid = owner.organisationUniqueId;
    const ok = await owner.api.patch(update(uid), { [field]: max });
    expect(ok.status).toBe(200);
    const refused = await owner.api.patch(update(uid), { [field]: overMax });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ [field]: [message] });
  });

  it.each([
    ['default_currency', 'XYZ', '"XYZ" is not a valid choice.'],
    ['default_currency', '', 'This field may not be blank.'],
    ['financial_year_end', '02-29', '"02-29" is not a valid choice.'],
    ['reporting_currency', 'BTC', '"BTC" is not a valid choice.'],
    ['accounting_method', 'barter', '"barter" is not a valid choice.'],
    ['language', 'xx', '"xx" is not a valid choice.'],
    ['financial_year_lock_date', '2025-02-30', 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
    ['setup_done', 'maybe', 'Must be a valid boolean.'],
    ['unique_id', 'another-id', 'This field cannot be changed.'],
  ])('refuses %s = %p', async (field, value, message) => {
    const response = await owner.api.patch(update(owner.organisationUniqueId), { [field]: value });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ [field]: [message] });
  });

  it('creates an organisation whose creator is the owner, with a client-chosen unique_id once', async () => {
    const created = await stranger.api.post('/api/v1.0/organisations/create/', { name: 'Side Business', unique_id: 'side-biz' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ unique_id: 'side-biz', name: 'Side Business', member_count: 1, default_currency: 'USD' });
    const duplicate = await owner.api.post('/api/v1.0/organisations/create/', { name: 'Copy', unique_id: 'side-biz' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toEqual({ unique_id: ['organisation with this unique id already exists.'] });
    const missing = await owner.api.post('/api/v1.0/organisations/create/', {});
    expect(missing.body).toEqual({ name: ['This field is required.'] });
  });
});
