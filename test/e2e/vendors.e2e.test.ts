import { randomBytes } from 'node:crypto';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { FixedClock } from '../support/fixed-clock';
import { addMember } from '../support/members';
import { startTestApp, TestApp } from '../support/test-app';

const VENDOR_FIELDS = [
  'unique_id', 'name', 'description', 'entity_type', 'entity_type_display', 'vendor_status', 'vendor_status_display',
  'vendor_category', 'vendor_category_display', 'industry', 'industry_display', 'website', 'company_size', 'annual_revenue',
  'minimum_order_amount', 'default_currency', 'first_contact_date', 'last_contact_date', 'next_follow_up_date', 'last_order_date',
  'contract_start_date', 'contract_end_date', 'quality_rating', 'delivery_rating', 'address', 'banking_information', 'created_by',
  'assigned_to', 'account_owner', 'days_since_last_contact', 'days_since_last_order', 'is_follow_up_overdue', 'is_contract_active',
  'date_created', 'last_updated',
].sort();
const INDUSTRIES = [
  'agriculture', 'cleaning', 'construction', 'consulting', 'creative', 'education', 'events', 'handyman', 'health', 'home_based',
  'hospitality', 'it_support', 'legal', 'logistics', 'manufacturing', 'marketing', 'music', 'non_profit', 'online_retail',
  'photography', 'printing', 'professional', 'travel', 'utilities', 'wholesale', 'writing', 'virtual_assistance', 'other',
];
const DATE_FORMAT = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';

describe.each(testDatabases())('vendors on $name', (factory) => {
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
    await owner.api.patch(`/api/v1.0/organisation/${owner.organisationUniqueId}/update/`, { default_currency: 'KES' });
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  beforeEach(() => clock.set('2026-03-15T10:00:00.000Z'));

  const vendors = (org = owner.organisationUniqueId) => `/api/v1.0/organisation/${org}/vendors`;
  const create = (body: Record<string, unknown>) => member.api.post(`${vendors()}/create/`, body);

  it('creates a vendor (201) with the defaults, the organisation’s currency and the caller as its people', async () => {
    const response = await create({ name: 'Paper Co', unique_id: 'paper' });

    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(VENDOR_FIELDS);
    const mae = { unique_id: member.personUniqueId, full_name: 'Mae Member' };
    expect(response.body).toEqual({
      unique_id: 'paper',
      name: 'Paper Co',
      description: null,
      entity_type: 'company',
      entity_type_display: 'Company',
      vendor_status: 'potential',
      vendor_status_display: 'Potential',
      vendor_category: 'goods',
      vendor_category_display: 'Goods',
      industry: null,
      industry_display: null,
      website: null,
      company_size: null,
      annual_revenue: null,
      minimum_order_amount: null,
      default_currency: 'KES',
      first_contact_date: null,
      last_contact_date: null,
      next_follow_up_date: null,
      last_order_date: null,
      contract_start_date: null,
      contract_end_date: null,
      quality_rating: null,
      delivery_rating: null,
      address: null,
      banking_information: null,
      created_by: mae,
      assigned_to: mae,
      account_owner: mae,
      days_since_last_contact: null,
      days_since_last_order: null,
      is_follow_up_overdue: false,
      is_contract_active: false,
      date_created: '2026-03-15T10:00:00.000Z',
      last_updated: '2026-03-15T10:00:00.000Z',
    });
    expect((await owner.api.get(`${vendors()}/paper/`)).body).toEqual(response.body);
  });

  it('answers the recorded DRF error samples for vendor create', async () => {
    const cases: [unknown, unknown][] = [
      [{}, { name: ['This field is required.'] }],
      [{ name: 'x'.repeat(301) }, { name: ['Ensure this field has no more than 300 characters.'] }],
      [{ name: '' }, { name: ['This field may not be blank.'] }],
      [{ name: null }, { name: ['This field may not be null.'] }],
      [{ name: 'V', annual_revenue: '12.3.4' }, { annual_revenue: ['A valid number is required.'] }],
      [{ name: 'V', annual_revenue: '12345678901234.00' }, { annual_revenue: ['Ensure that there are no more than 15 digits in total.'] }],
      [{ name: 'V', annual_revenue: '1.234' }, { annual_revenue: ['Ensure that there are no more than 2 decimal places.'] }],
      [{ name: 'V', minimum_order_amount: '1234567890123.456' }, { minimum_order_amount: ['Ensure that there are no more than 15 digits in total.'] }],
      [{ name: 'V', quality_rating: '5.01' }, { quality_rating: ['Ensure this value is less than or equal to 5.'] }],
      [{ name: 'V', delivery_rating: '10' }, { delivery_rating: ['Ensure that there are no more than 1 digits before the decimal point.'] }],
      [{ name: 'V', quality_rating: -1 }, { quality_rating: ['Ensure this value is greater than or equal to 0.'] }],
      [{ name: 'V', vendor_status: 'unknown' }, { vendor_status: ['"unknown" is not a valid choice.'] }],
      [{ name: 'V', industry: 'mining' }, { industry: ['"mining" is not a valid choice.'] }],
      [{ name: 'V', entity_type: 3 }, { entity_type: ['"3" is not a valid choice.'] }],
      [{ name: 'V', first_contact_date: '2025-02-30' }, { first_contact_date: [DATE_FORMAT] }],
      [{ name: 'V', last_contact_date: '15/01/2026' }, { last_contact_date: [DATE_FORMAT] }],
      [{ name: 'V', next_follow_up_date: '2026-01-15T10:00:00Z' }, { next_follow_up_date: [DATE_FORMAT] }],
      [{ name: 'V', website: 'not a url' }, { website: ['Enter a valid URL.'] }],
      [{ name: 'V', default_currency: 'XYZ' }, { default_currency: ['"XYZ" is not a valid choice.'] }],
      [{ name: 'V', default_currency: 'USDX' }, { default_currency: ['Ensure this field has no more than 3 characters.'] }],
      [{ name: 'V', address: 'Nairobi' }, { address: { non_field_errors: ['Invalid data. Expected a dictionary, but got str.'] } }],
      [
        { name: 'V', banking_information: { account_type: 'bogus', swift_code: 'x'.repeat(51) } },
        { banking_information: { account_type: ['"bogus" is not a valid choice.'], swift_code: ['Ensure this field has no more than 50 characters.'] } },
      ],
      [
        { name: 'x'.repeat(301), annual_revenue: 'abc', vendor_status: 'nope', contract_start_date: '2025-13-01' },
        {
          name: ['Ensure this field has no more than 300 characters.'],
          vendor_status: ['"nope" is not a valid choice.'],
          annual_revenue: ['A valid number is required.'],
          contract_start_date: [DATE_FORMAT],
        },
      ],
      [[1, 2], { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] }],
    ];
    for (const [body, expected] of cases) {
      const response = await member.api.post(`${vendors()}/create/`, body);
      expect([response.status, response.body]).toEqual([400, expected]);
    }
    const malformed = await member.api.request('POST', `${vendors()}/create/`, { raw: '{"name": ', contentType: 'application/json' });
    expect([malformed.status, malformed.body]).toEqual([400, { detail: 'JSON parse error - Expecting value: line 1 column 10 (char 9)' }]);
    const text = await member.api.request('POST', `${vendors()}/create/`, { raw: 'name=x', contentType: 'text/plain' });
    expect([text.status, text.body]).toEqual([415, { detail: 'Unsupported media type "text/plain" in request.' }]);
    const wrongMethod = await member.api.get(`${vendors()}/create/`);
    expect([wrongMethod.status, wrongMethod.body]).toEqual([405, { detail: 'Method "GET" not allowed.' }]);
    const unknown = await member.api.get(`${vendors()}/does-not-exist/`);
    expect([unknown.status, unknown.body]).toEqual([404, { detail: 'Not found.' }]);
  });

  it.each<[string, unknown, unknown, string]>([
    ['name', 'n'.repeat(300), 'n'.repeat(301), 'Ensure this field has no more than 300 characters.'],
    ['company_size', 's'.repeat(100), 's'.repeat(101), 'Ensure this field has no more than 100 characters.'],
    ['website', `https://e.example/${'a'.repeat(282)}`, `https://e.example/${'a'.repeat(283)}`, 'Ensure this field has no more than 300 characters.'],
    ['annual_revenue', '9999999999999.99', '10000000000000', 'Ensure that there are no more than 13 digits before the decimal point.'],
    ['annual_revenue', '0.00', '-0.01', 'Ensure this value is greater than or equal to 0.'],
    ['minimum_order_amount', '9999999999999.99', '10000000000000.00', 'Ensure that there are no more than 15 digits in total.'],
    ['quality_rating', '5.00', '5.01', 'Ensure this value is less than or equal to 5.'],
    ['quality_rating', '0.00', '-0.01', 'Ensure this value is greater than or equal to 0.'],
    ['delivery_rating', '4.99', '4.999', 'Ensure that there are no more than 3 digits in total.'],
    ['delivery_rating', '0.01', '0.001', 'Ensure that there are no more than 2 decimal places.'],
    ['default_currency', 'JPY', 'usd', '"usd" is not a valid choice.'],
    ['default_currency', 'EUR', '', 'This field may not be blank.'],
    ['unique_id', 'u'.repeat(100), 'v'.repeat(101), 'Ensure this field has no more than 100 characters.'],
    ['contract_end_date', '2024-02-29', '2023-02-29', DATE_FORMAT],
  ])('bounds %s: %p passes, %p fails', async (field, passing, failing, message) => {
    const ok = await create({ name: 'Bounded', [field]: passing });
    expect([ok.status, ok.body[field]]).toEqual([201, passing]);
    const refused = await create({ name: 'Bounded', [field]: failing });
    expect([refused.status, refused.body]).toEqual([400, { [field]: [message] }]);
  });

  it('bounds every address and bank field', async () => {
    const address = { address_line_1: 300, address_line_2: 300, city: 300, province_state: 300, postal_code: 300, country: 300, phone: 50 };
    const banking = { bank_name: 200, account_number: 50, branch_code: 50, routing_number: 50, swift_code: 50 };
    const filled = (limits: Record<string, number>, extra: number) =>
      Object.fromEntries(Object.entries(limits).map(([field, max]) => [field, 'x'.repeat(max + extra)]));

    const ok = await create({ name: 'Full', address: filled(address, 0), banking_information: filled(banking, 0) });
    expect(ok.status).toBe(201);
    expect(ok.body.address).toEqual(filled(address, 0));
    const refused = await create({ name: 'Full', address: filled(address, 1), banking_information: filled(banking, 1) });
    const tooLong = (limits: Record<string, number>) =>
      Object.fromEntries(Object.entries(limits).map(([field, max]) => [field, [`Ensure this field has no more than ${max} characters.`]]));
    expect([refused.status, refused.body]).toEqual([400, { address: tooLong(address), banking_information: tooLong(banking) }]);
  });

  it('accepts every value of each enumeration, with its label', async () => {
    const choices: Record<string, [string, string][]> = {
      entity_type: [['individual', 'Individual'], ['company', 'Company'], ['non_profit', 'Non-Profit'], ['government', 'Government'], ['partnership', 'Partnership'], ['other', 'Other']],
      vendor_status: [['potential', 'Potential'], ['active', 'Active'], ['preferred', 'Preferred'], ['on_hold', 'On Hold'], ['inactive', 'Inactive'], ['blacklisted', 'Blacklisted']],
      vendor_category: [['goods', 'Goods'], ['services', 'Services'], ['both', 'Goods and Services'], ['contractor', 'Contractor'], ['consultant', 'Consultant'], ['other', 'Other']],
    };
    for (const [field, values] of Object.entries(choices)) {
      for (const [value, label] of values) {
        const response = await create({ name: 'Enum', [field]: value });
        expect([response.body[field], response.body[`${field}_display`]]).toEqual([value, label]);
      }
    }
    for (const industry of INDUSTRIES) expect((await create({ name: 'Enum', industry })).body.industry).toBe(industry);
    expect((await create({ name: 'Enum', industry: 'printing' })).body.industry_display).toBe('Printing');
    for (const accountType of ['checking', 'savings', 'business', 'other', '', null]) {
      const response = await create({ name: 'Enum', banking_information: { account_type: accountType } });
      expect(response.body.banking_information.account_type).toBe(accountType);
    }
  });

  it("shows members the vendor's bank account number, which the organisation pays into, and its last four characters", async () => {
    const response = await create({ name: 'Bank', unique_id: 'bank', banking_information: { bank_name: 'Equity', account_number: 'KE12 3456 7890 1234' } });
    expect((await member.api.get(`${vendors()}/bank/`)).body.banking_information).toEqual(response.body.banking_information);

    expect(response.body.banking_information).toEqual({
      bank_name: 'Equity',
      account_number: 'KE12 3456 7890 1234',
      account_number_last4: '1234',
      branch_code: null,
      account_type: null,
      routing_number: null,
      swift_code: null,
    });
  });

  it('merges the address and bank details field by field on PATCH and PUT; null clears them', async () => {
    await create({ name: 'Nested', unique_id: 'nested', address: { city: 'Nairobi' }, banking_information: { account_number: '0123456789' } });
    const path = `${vendors()}/nested/update/`;

    const patched = await member.api.patch(path, { address: { postal_code: '00100' }, banking_information: { bank_name: 'Equity' } });
    expect(patched.body.address).toMatchObject({ city: 'Nairobi', postal_code: '00100', address_line_1: null });
    expect(patched.body.banking_information).toMatchObject({ bank_name: 'Equity', account_number: '0123456789', account_number_last4: '6789' });
    const put = await member.api.put(path, { name: 'Nested', address: { city: 'Mombasa' } });
    expect(put.body.address).toMatchObject({ city: 'Mombasa', postal_code: '00100' });
    expect(put.body.banking_information.account_number_last4).toBe('6789');
    const cleared = await member.api.patch(path, { address: null });
    expect([cleared.body.address, cleared.body.banking_information.bank_name]).toEqual([null, 'Equity']);
  });

  it('updates with PATCH only what is sent; PUT needs the name and keeps what it leaves out', async () => {
    await create({ name: 'Ink Co', unique_id: 'ink', description: 'Toner', quality_rating: '4.5' });
    clock.advance(3_600_000);

    const patched = await owner.api.patch(`${vendors()}/ink/update/`, { vendor_status: 'preferred' });
    expect(patched.body).toMatchObject({ vendor_status: 'preferred', description: 'Toner', quality_rating: '4.50', last_updated: '2026-03-15T11:00:00.000Z' });
    expect((await owner.api.put(`${vendors()}/ink/update/`, { description: 'x' })).body).toEqual({ name: ['This field is required.'] });
    const put = await owner.api.put(`${vendors()}/ink/update/`, { name: 'Ink & Co' });
    expect(put.body).toMatchObject({ name: 'Ink & Co', vendor_status: 'preferred', description: 'Toner' });
    expect((await owner.api.patch(`${vendors()}/ink/update/`, { unique_id: 'ink-2' })).body).toEqual({ unique_id: ['This field cannot be changed.'] });
    const ended = await owner.api.patch(`${vendors()}/ink/update/`, { contract_start_date: '2026-02-01', contract_end_date: '2026-01-31' });
    expect(ended.body).toEqual({ contract_end_date: ['Contract end date cannot be before the contract start date.'] });
  });

  it('derives its figures from today on the server’s clock', async () => {
    const dates = {
      last_contact_date: '2026-03-01',
      last_order_date: '2026-03-15',
      next_follow_up_date: '2026-03-14',
      contract_start_date: '2026-01-01',
      contract_end_date: '2026-03-15',
    };
    const created = await create({ name: 'Dated', unique_id: 'dated', ...dates });
    expect(created.body).toMatchObject({
      days_since_last_contact: 14,
      days_since_last_order: 0,
      is_follow_up_overdue: true,
      is_contract_active: true,
    });

    clock.set('2026-03-16T00:00:00.000Z');
    expect((await member.api.get(`${vendors()}/dated/`)).body).toMatchObject({
      days_since_last_contact: 15,
      days_since_last_order: 1,
      is_contract_active: false,
    });
    const dueToday = await member.api.patch(`${vendors()}/dated/update/`, { next_follow_up_date: '2026-03-16' });
    expect(dueToday.body.is_follow_up_overdue).toBe(false);

    clock.set('2024-03-01T12:00:00.000Z');
    const leap = await member.api.patch(`${vendors()}/dated/update/`, {
      last_contact_date: '2024-02-28',
      last_order_date: '2024-02-29',
      contract_start_date: '2024-02-29',
      contract_end_date: null,
    });
    expect(leap.body).toMatchObject({ days_since_last_contact: 2, days_since_last_order: 1, is_contract_active: true });
  });

  it('deletes a vendor (204), after which it is 404; refuses (409 in_use) while something references it', async () => {
    await create({ name: 'Gone', unique_id: 'gone' });
    const deleted = await member.api.delete(`${vendors()}/gone/delete/`);
    expect([deleted.status, deleted.text]).toEqual([204, '']);
    expect((await member.api.get(`${vendors()}/gone/`)).status).toBe(404);
    expect((await member.api.delete(`${vendors()}/gone/delete/`)).status).toBe(404);

    // An expense table stands in for the expense area: a row that names the vendor by foreign key.
    const kept = await create({ name: 'Kept', unique_id: 'kept' });
    const vendorId = (await app.application.dataSource.query(`SELECT id FROM vendors WHERE unique_id = 'kept'`))[0].id;
    const table = `expenses_${randomBytes(4).toString('hex')}`;
    await app.application.dataSource.query(`CREATE TABLE ${table} (id varchar(36) PRIMARY KEY, vendor_id varchar(36) REFERENCES vendors(id))`);
    await app.application.dataSource.query(`INSERT INTO ${table} (id, vendor_id) VALUES ('e1', '${vendorId}')`);
    const refused = await member.api.delete(`${vendors()}/kept/delete/`);
    expect([refused.status, refused.body]).toEqual([
      409,
      { detail: 'This vendor is referenced by expenses and cannot be deleted; set it inactive instead.', code: 'in_use' },
    ]);
    expect((await member.api.get(`${vendors()}/kept/`)).body).toEqual(kept.body);
  });

  it('answers 404 to a non-member on every route, and changes nothing', async () => {
    await create({ name: 'Private', unique_id: 'private' });
    const responses = [
      await stranger.api.get(`${vendors()}/`),
      await stranger.api.post(`${vendors()}/create/`, { name: 'Mine' }),
      await stranger.api.get(`${vendors()}/private/`),
      await stranger.api.put(`${vendors()}/private/update/`, { name: 'Mine' }),
      await stranger.api.patch(`${vendors()}/private/update/`, { name: 'Mine' }),
      await stranger.api.delete(`${vendors()}/private/delete/`),
      await stranger.api.get(`${vendors(stranger.organisationUniqueId)}/private/`),
      await stranger.api.get(`${vendors('other-org')}/`),
    ];

    expect(responses.map((r) => [r.status, r.body])).toEqual(responses.map(() => [404, { detail: 'Not found.' }]));
    expect((await owner.api.get(`${vendors()}/private/`)).body.name).toBe('Private');
  });

  it('accepts the session cookie, with the CSRF token on writes', async () => {
    const session = app.client.as({ kind: 'session', sessionId: member.sessionId, csrfToken: member.csrfToken });

    expect((await session.post(`${vendors()}/create/`, { name: 'Cookie' })).status).toBe(201);
    const refused = await app.client
      .as({ kind: 'session', sessionId: member.sessionId, csrfToken: member.csrfToken, sendCsrf: false })
      .delete(`${vendors()}/private/delete/`);
    expect(refused.status).toBe(403);
  });

  describe('the list', () => {
    let buyer: TestUser;
    const list = (query = '') => buyer.api.get(`${vendors(buyer.organisationUniqueId)}/${query}`);
    const names = async (query = '') => (await list(query)).body.map((v: { name: string }) => v.name);

    beforeAll(async () => {
      buyer = await signUp(app.client);
      const rows: Record<string, unknown>[] = [
        { name: 'beta Print', vendor_category: 'services', industry: 'printing', quality_rating: '4.5', last_contact_date: '2026-01-10' },
        { name: 'Alpha Foods', entity_type: 'individual', website: 'https://PRINT-shop.example', vendor_status: 'active' },
        { name: 'Gamma_50%', vendor_status: 'blacklisted', industry: 'legal', quality_rating: '1', last_contact_date: '2025-12-31' },
      ];
      for (const row of rows) {
        clock.advance(60_000);
        const response = await buyer.api.post(`${vendors(buyer.organisationUniqueId)}/create/`, row);
        if (response.status !== 201) throw new Error(response.text);
      }
    });

    it('lists by name in any case by default, paged, with X-Total-Count', async () => {
      const response = await list('?page_size=2');

      expect(response.body.map((v: { name: string }) => v.name)).toEqual(['Alpha Foods', 'beta Print']);
      expect(response.headers.get('x-total-count')).toBe('3');
      expect(response.headers.get('link')).toMatch(/[?&]page=2[^>]*>; rel="next"/);
      expect(await names('?page=2&page_size=2')).toEqual(['Gamma_50%']);
      expect((await list('?page_size=abc')).body).toEqual({ page_size: ['A valid integer is required.'] });
    });

    it('filters by category, entity_type, industry and status, refusing values outside each enumeration', async () => {
      expect(await names('?category=services')).toEqual(['beta Print']);
      expect(await names('?entity_type=individual')).toEqual(['Alpha Foods']);
      expect(await names('?industry=legal')).toEqual(['Gamma_50%']);
      expect(await names('?status=active')).toEqual(['Alpha Foods']);
      expect(await names('?status=potential&category=goods')).toEqual([]);
      expect(await names('?status=')).toHaveLength(3);
      for (const [parameter, value] of [['category', 'zzz'], ['entity_type', 'robot'], ['industry', 'mining'], ['status', 'nope']]) {
        const refused = await list(`?${parameter}=${value}`);
        expect([refused.status, refused.body]).toEqual([400, { [parameter]: [`Select a valid choice. ${value} is not one of the available choices.`] }]);
      }
    });

    it('searches the name or the website, in any case, taking wildcards literally', async () => {
      expect(await names('?search=PRINT')).toEqual(['Alpha Foods', 'beta Print']);
      expect(await names('?search=a_5')).toEqual(['Gamma_50%']);
      expect(await names('?search=0%25')).toEqual(['Gamma_50%']);
      expect(await names('?search=%25')).toEqual(['Gamma_50%']);
      expect(await names('?search=zzz')).toEqual([]);
    });

    it('orders by name, vendor_status, quality_rating, last_contact_date and date_created, and refuses others', async () => {
      expect(await names('?ordering=-name')).toEqual(['Gamma_50%', 'beta Print', 'Alpha Foods']);
      expect(await names('?ordering=vendor_status')).toEqual(['Alpha Foods', 'Gamma_50%', 'beta Print']);
      expect(await names('?ordering=quality_rating')).toEqual(['Gamma_50%', 'beta Print', 'Alpha Foods']);
      expect(await names('?ordering=-quality_rating')).toEqual(['Alpha Foods', 'beta Print', 'Gamma_50%']);
      expect(await names('?ordering=last_contact_date')).toEqual(['Gamma_50%', 'beta Print', 'Alpha Foods']);
      expect(await names('?ordering=-date_created')).toEqual(['Gamma_50%', 'Alpha Foods', 'beta Print']);
      const refused = await list('?ordering=annual_revenue');
      expect([refused.status, refused.body]).toEqual([400, { ordering: ['Select a valid choice. annual_revenue is not one of the available choices.'] }]);
    });
  });
});
