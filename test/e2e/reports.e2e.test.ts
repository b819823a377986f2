import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { actOn, createExpense } from '../support/expenses';
import { FixedClock } from '../support/fixed-clock';
import { addMember } from '../support/members';
import { parseCsv } from '../support/csv';
import { startTestApp, TestApp } from '../support/test-app';

type Row = { key: string | null; label: string; count: number; amount: string; tax_amount: string; total_amount: string };

/** `[key, label, count, amount, tax_amount, total_amount]`: the rows as the tables below write them. */
type Expected = [string | null, string, number, string, string, string];
const rowsOf = (expected: Expected[]): Row[] =>
  expected.map(([key, label, count, amount, tax_amount, total_amount]) => ({ key, label, count, amount, tax_amount, total_amount }));

/**
 * The reports over HTTP on each engine, against figures worked out by hand:
 * the same answers from SQLite and Postgres, to the cent.
 */
describe.each(testDatabases())('the reports on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let org: string;
  const reports = () => `/api/v1.0/organisation/${org}/reports`;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    // Today is 2026-03-10 (UTC, the configured zone).
    app = await startTestApp(database, { clock: new FixedClock('2026-03-10T09:00:00.000Z') });
    owner = await signUp(app.client);
    member = await signUp(app.client, { first_name: 'Mo', last_name: 'Member' });
    stranger = await signUp(app.client);
    org = owner.organisationUniqueId;
    await addMember(app, org, member);
    const api = owner.api;
    const vendors = `/api/v1.0/organisation/${org}/vendors/create/`;
    await api.post(vendors, { unique_id: 'v-acme', name: 'Acme Paper' });
    await api.post(vendors, { unique_id: 'v-zeta', name: 'Zeta Ink' });

    // Expenses (see the tables of each test for what they add up to).
    const employee = member.personUniqueId;
    await createExpense(api, org, { expense_date: '2025-12-31', account_id: 'acct-6300', amount: '0.10', employee_id: employee, vendor_id: 'v-acme' });
    await createExpense(api, org, { expense_date: '2026-01-01', account_id: 'acct-6300', amount: '0.20', status: 'submitted' });
    const big = await createExpense(api, org, { expense_date: '2026-01-15', account_id: 'acct-6400', amount: '9999999999.99', employee_id: employee, vendor_id: 'v-zeta' });
    const cent = await createExpense(api, org, { expense_date: '2026-01-31', account_id: 'acct-6400', amount: '0.01' });
    await createExpense(api, org, { expense_date: '2026-02-01', account_id: 'acct-6200', amount: '100.00', tax_amount: '16.00', vendor_id: 'v-acme' });
    const rejected = await createExpense(api, org, { expense_date: '2025-11-30', account_id: 'acct-6200', amount: '5.55', tax_amount: '0.45' });
    await actOn(api, org, big.unique_id, 'submit', 'approve');
    await actOn(api, org, cent.unique_id, 'submit', 'approve');
    await actOn(api, org, rejected.unique_id, 'submit', 'reject');
    // Another organisation's expense is never counted here.
    await createExpense(stranger.api, stranger.organisationUniqueId, { expense_date: '2026-01-15', amount: '77.77' });
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const report = async (query: string, as = member) => {
    const response = await as.api.get(`${reports()}/expenses/${query}`);
    expect([response.status, response.text.slice(0, 300)]).toEqual([200, expect.any(String)]);
    return response.body as Row[];
  };

  describe('expenses', () => {
    const TOTALS: Expected = [null, 'Total', 6, '10000000105.85', '16.45', '10000000122.30'];

    it.each<[string, string, Expected[]]>([
      [
        'status (the default), in workflow order, statuses without expenses left out',
        '',
        [
          ['draft', 'Draft', 2, '100.10', '16.00', '116.10'],
          ['submitted', 'Submitted', 1, '0.20', '0.00', '0.20'],
          ['approved', 'Approved', 2, '10000000000.00', '0.00', '10000000000.00'],
          ['rejected', 'Rejected', 1, '5.55', '0.45', '6.00'],
        ],
      ],
      [
        'account, by code: 0.10 + 0.20 is 0.30 exactly',
        '?group_by=account',
        [
          ['acct-6200', '6200 Office Supplies', 2, '105.55', '16.45', '122.00'],
          ['acct-6300', '6300 Travel', 2, '0.30', '0.00', '0.30'],
          ['acct-6400', '6400 Meals and Entertainment', 2, '10000000000.00', '0.00', '10000000000.00'],
        ],
      ],
      [
        'month, oldest first, across the year end',
        '?group_by=month',
        [
          ['2025-11', 'November 2025', 1, '5.55', '0.45', '6.00'],
          ['2025-12', 'December 2025', 1, '0.10', '0.00', '0.10'],
          ['2026-01', 'January 2026', 3, '10000000000.20', '0.00', '10000000000.20'],
          ['2026-02', 'February 2026', 1, '100.00', '16.00', '116.00'],
        ],
      ],
      [
        'employee, by name, those without one last',
        '?group_by=employee',
        [
          [null, 'Mo Member', 2, '10000000000.09', '0.00', '10000000000.09'],
          ['', 'No employee', 4, '105.76', '16.45', '122.21'],
        ],
      ],
      [
        'vendor, by name, those without one last',
        '?group_by=vendor',
        [
          ['v-acme', 'Acme Paper', 2, '100.10', '16.00', '116.10'],
          ['v-zeta', 'Zeta Ink', 1, '9999999999.99', '0.00', '9999999999.99'],
          ['', 'No vendor', 3, '5.76', '0.45', '6.21'],
        ],
      ],
    ])('groups by %s, then the totals', async (_case, query, groups) => {
      const rows = await report(query);
      const expected = rowsOf([...groups, TOTALS]);
      if (query === '?group_by=employee') expected[0].key = member.personUniqueId;
      expect(rows).toEqual(expected);
    });

    it('takes both date bounds inclusively (the last day of 2025 and the first of 2026)', async () => {
      expect(await report('?group_by=month&from_date=2025-12-31&to_date=2026-01-01')).toEqual(
        rowsOf([
          ['2025-12', 'December 2025', 1, '0.10', '0.00', '0.10'],
          ['2026-01', 'January 2026', 1, '0.20', '0.00', '0.20'],
          [null, 'Total', 2, '0.30', '0.00', '0.30'],
        ]),
      );
    });

    it('filters by status: 9 999 999 999.99 + 0.01 is 10 000 000 000.00 exactly', async () => {
      expect(await report('?status=approved&group_by=month')).toEqual(
        rowsOf([
          ['2026-01', 'January 2026', 2, '10000000000.00', '0.00', '10000000000.00'],
          [null, 'Total', 2, '10000000000.00', '0.00', '10000000000.00'],
        ]),
      );
    });

    it('answers the totals row alone when nothing matches', async () => {
      expect(await report('?status=paid')).toEqual(rowsOf([[null, 'Total', 0, '0.00', '0.00', '0.00']]));
    });

    it.each([
      ['group_by', 'group_by=week', 'Select a valid choice. week is not one of the available choices.'],
      ['from_date', 'from_date=2026-02-30', 'Enter a valid date.'],
      ['to_date', 'to_date=yesterday', 'Enter a valid date.'],
      ['status', 'status=lost', 'Select a valid choice. lost is not one of the available choices.'],
    ])('refuses a bad %s with a 400 naming it', async (parameter, query, message) => {
      const response = await member.api.get(`${reports()}/expenses/?${query}`);
      expect([response.status, response.body]).toEqual([400, { [parameter]: [message] }]);
    });
  });

  describe('the pipeline', () => {
    beforeAll(async () => {
      const leads = `/api/v1.0/organisation/${org}/leads`;
      const lead = async (fields: Record<string, unknown>) => {
        const response = await owner.api.post(`${leads}/create/`, { title: 'Lead', lead_source: 'referral', ...fields });
        if (response.status !== 201) throw new Error(`lead not created: ${response.text}`);
        return response.body.unique_id as string;
      };
      // 1 234 567 890 123.45 at the stage's 10 %: 123 456 789 012.345, half-up .35 (half-even would say .34).
      await lead({ sales_stage: 'stage-new', estimated_value: '1234567890123.45' });
      // 0.01 at 50 %: 0.005, half-up 0.01.
      await lead({ sales_stage: 'stage-new', estimated_value: '0.01', win_probability: '50' });
      await lead({ sales_stage: 'stage-proposal', estimated_value: '33.33', win_probability: '33.33', lead_source: 'website' });
      await lead({ sales_stage: 'stage-qualified' });
      await lead({ sales_stage: 'stage-negotiation', estimated_value: '100.00', win_probability: '100' });
      await lead({ sales_stage: 'stage-won', estimated_value: '500.00' });
      await lead({ sales_stage: 'stage-lost', estimated_value: '200.00' });
      const stageless = await lead({ sales_stage: 'stage-new', estimated_value: '10.00' });
      await owner.api.patch(`${leads}/${stageless}/update/`, { sales_stage: null });
      await stranger.api.post(`/api/v1.0/organisation/${stranger.organisationUniqueId}/leads/create/`, {
        title: 'Elsewhere', lead_source: 'referral', sales_stage: 'stage-new', estimated_value: '999.00',
      });
    });

    const stage = (unique_id: string, name: string, count: number, estimated_value: string, weighted_value: string) => ({
      stage: { unique_id, name }, count, estimated_value, weighted_value,
    });

    it('lists every stage in position order, then the leads without one, the totals, the won and the lost', async () => {
      const response = await member.api.get(`${reports()}/pipeline/`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        stages: [
          stage('stage-new', 'New', 2, '1234567890123.46', '123456789012.36'),
          stage('stage-qualified', 'Qualified', 1, '0.00', '0.00'),
          stage('stage-proposal', 'Proposal', 1, '33.33', '11.11'),
          stage('stage-negotiation', 'Negotiation', 1, '100.00', '100.00'),
          stage('stage-won', 'Won', 1, '500.00', '500.00'),
          stage('stage-lost', 'Lost', 1, '200.00', '0.00'),
          { stage: null, count: 1, estimated_value: '10.00', weighted_value: '1.00' },
        ],
        totals: { count: 8, estimated_value: '1234567890966.79', weighted_value: '123456789624.47' },
        won: { count: 2, estimated_value: '600.00' },
        lost: { count: 1, estimated_value: '200.00' },
      });
    });

    it("filters as the lead list does, keeping every stage", async () => {
      const open = (await member.api.get(`${reports()}/pipeline/?status=open`)).body;
      expect(open.stages.map((row: { count: number }) => row.count)).toEqual([2, 1, 1, 0, 0, 0, 1]);
      expect(open).toMatchObject({
        totals: { count: 5, estimated_value: '1234567890166.79', weighted_value: '123456789024.47' },
        won: { count: 0, estimated_value: '0.00' },
        lost: { count: 0, estimated_value: '0.00' },
      });
      const website = (await member.api.get(`${reports()}/pipeline/?source=website&name=LEAD`)).body;
      expect(website.stages.map((row: { count: number }) => row.count)).toEqual([0, 0, 1, 0, 0, 0]);
      expect(website.totals).toEqual({ count: 1, estimated_value: '33.33', weighted_value: '11.11' });
    });

    it('refuses a bad filter with a 400 naming it', async () => {
      const response = await member.api.get(`${reports()}/pipeline/?status=closed`);
      expect([response.status, Object.keys(response.body)]).toEqual([400, ['status']]);
    });
  });

  describe('vendor follow-ups', () => {
    beforeAll(async () => {
      const create = (unique_id: string, dates: Record<string, string>) =>
        owner.api.post(`/api/v1.0/organisation/${org}/vendors/create/`, { unique_id, name: unique_id.toUpperCase(), ...dates });
      await create('due-today', { next_follow_up_date: '2026-03-10' });
      await create('overdue', { next_follow_up_date: '2026-02-01' });
      await create('due-tomorrow', { next_follow_up_date: '2026-03-11' });
      await create('ends-today', { contract_end_date: '2026-03-10' });
      await create('ends-in-30', { contract_end_date: '2026-04-09' });
      await create('ends-in-31', { contract_end_date: '2026-04-10' });
      await create('ended', { contract_end_date: '2026-03-09' });
    });

    const idsOf = (vendors: { unique_id: string }[]) => vendors.map((vendor) => vendor.unique_id);

    it('lists follow-ups due today or earlier, oldest first, and contracts ending within 30 days', async () => {
      const response = await member.api.get(`${reports()}/vendors/follow-ups/`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ today: '2026-03-10', until: '2026-04-09' });
      expect(idsOf(response.body.follow_ups)).toEqual(['overdue', 'due-today']);
      expect(idsOf(response.body.contracts_ending)).toEqual(['ends-today', 'ends-in-30']);
      expect(response.body.follow_ups[0]).toMatchObject({ name: 'OVERDUE', is_follow_up_overdue: true, next_follow_up_date: '2026-02-01' });
    });

    it.each([
      ['0', ['ends-today']],
      ['31', ['ends-today', 'ends-in-30', 'ends-in-31']],
    ])('looks %s days ahead when asked', async (days, expected) => {
      const response = await member.api.get(`${reports()}/vendors/follow-ups/?days=${days}`);
      expect(idsOf(response.body.contracts_ending)).toEqual(expected);
    });

    it('pages both lists as one, the follow-ups first, with X-Total-Count and Link as every list', async () => {
      const first = await member.api.get(`${reports()}/vendors/follow-ups/?page_size=3`);
      expect([idsOf(first.body.follow_ups), idsOf(first.body.contracts_ending)]).toEqual([['overdue', 'due-today'], ['ends-today']]);
      expect(first.headers.get('X-Total-Count')).toBe('4');
      expect(first.headers.get('Link')).toContain('rel="next"');
      const second = await member.api.get(`${reports()}/vendors/follow-ups/?page_size=3&page=2`);
      expect(second.body).toMatchObject({ today: '2026-03-10', until: '2026-04-09', follow_ups: [] });
      expect(idsOf(second.body.contracts_ending)).toEqual(['ends-in-30']);
      expect(second.headers.get('Link')).not.toContain('rel="next"');
    });

    it.each([
      ['-1', 'Ensure this value is greater than or equal to 0.'],
      ['3651', 'Ensure this value is less than or equal to 3650.'],
      ['soon', 'A valid integer is required.'],
    ])('refuses days=%s', async (days, message) => {
      const response = await member.api.get(`${reports()}/vendors/follow-ups/?days=${days}`);
      expect([response.status, response.body]).toEqual([400, { days: [message] }]);
    });
  });

  describe('as CSV', () => {
    const csv = async (path: string) => {
      const response = await member.api.get(`${reports()}/${path}`);
      expect([response.status, response.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
      return { rows: parseCsv(response.text), disposition: response.headers.get('content-disposition') };
    };

    it('writes the expense report’s rows as the JSON has them, the totals last', async () => {
      const json = await report('?group_by=month');
      const { rows, disposition } = await csv('expenses/?group_by=month&format=csv');
      expect(disposition).toBe('attachment; filename="expenses.csv"');
      expect(rows[0]).toEqual(['key', 'label', 'count', 'amount', 'tax_amount', 'total_amount']);
      expect(rows.slice(1)).toEqual(json.map((row) => [row.key ?? '', row.label, String(row.count), row.amount, row.tax_amount, row.total_amount]));
    });

    it('writes the pipeline a line per stage, then the totals, the won and the lost', async () => {
      const json = (await member.api.get(`${reports()}/pipeline/`)).body;
      const { rows } = await csv('pipeline/?format=csv');
      expect(rows[0]).toEqual(['line', 'stage.unique_id', 'stage.name', 'count', 'estimated_value', 'weighted_value']);
      expect(rows.slice(1).map((row) => row[0])).toEqual([...json.stages.map(() => 'stage'), 'total', 'won', 'lost']);
      expect(rows[json.stages.length + 1]).toEqual(['total', '', '', String(json.totals.count), json.totals.estimated_value, json.totals.weighted_value]);
      expect(rows[json.stages.length + 2]).toEqual(['won', '', '', String(json.won.count), json.won.estimated_value, '']);
    });

    it('writes both lists of vendor follow-ups in one table, each row saying its list', async () => {
      const json = (await member.api.get(`${reports()}/vendors/follow-ups/`)).body;
      const { rows } = await csv('vendors/follow-ups/?format=csv');
      expect(rows[0].slice(0, 3)).toEqual(['list', 'vendor.unique_id', 'vendor.name']);
      expect(rows.slice(1).map((row) => [row[0], row[1]])).toEqual([
        ...json.follow_ups.map((vendor: { unique_id: string }) => ['follow_up', vendor.unique_id]),
        ...json.contracts_ending.map((vendor: { unique_id: string }) => ['contract_ending', vendor.unique_id]),
      ]);
    });

    it('refuses another format', async () => {
      const response = await member.api.get(`${reports()}/expenses/?format=xlsx`);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body)).toEqual(['format']);
    });
  });

  describe('vendor follow-ups of a large organisation', () => {
    let large: TestUser;
    const followUps = (query: string) => `/api/v1.0/organisation/${large.organisationUniqueId}/reports/vendors/follow-ups/${query}`;

    beforeAll(async () => {
      large = await signUp(app.client);
      const create = `/api/v1.0/organisation/${large.organisationUniqueId}/vendors/create/`;
      for (let i = 0; i < 60; i++) {
        const number = String(i).padStart(3, '0');
        await large.api.post(create, { unique_id: `due-${number}`, name: `Due ${number}`, next_follow_up_date: '2026-01-01' });
        await large.api.post(create, { unique_id: `ends-${number}`, name: `Ends ${number}`, contract_end_date: '2035-01-01' });
      }
    });

    it('answers a page of 100 vendors by default, however far ahead it looks, and the rest on the next page', async () => {
      const first = await large.api.get(followUps('?days=3650'));
      expect([first.body.follow_ups.length, first.body.contracts_ending.length]).toEqual([60, 40]);
      expect(first.headers.get('X-Total-Count')).toBe('120');
      const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('Link') ?? '')?.[1];
      expect(next).toContain('page=2');
      const second = await large.api.get(new URL(next!).pathname + new URL(next!).search);
      expect([second.body.follow_ups.length, second.body.contracts_ending.length]).toEqual([0, 20]);
      expect(second.body.contracts_ending[0].unique_id).toBe('ends-040');
    });

    it('writes every line as CSV, not a page of them', async () => {
      const response = await large.api.get(followUps('?days=3650&format=csv'));
      expect([response.status, response.headers.get('X-Total-Count')]).toEqual([200, '120']);
      const rows = parseCsv(response.text);
      expect(rows.length).toBe(121);
      expect(rows[120].slice(0, 2)).toEqual(['contract_ending', 'ends-059']);
    });
  });

  it.each(['expenses/', 'pipeline/', 'vendors/follow-ups/'])('%s: a member of another organisation gets 404, an anonymous caller 401', async (path) => {
    expect((await stranger.api.get(`${reports()}/${path}`)).status).toBe(404);
    expect((await app.client.get(`${reports()}/${path}`)).status).toBe(401);
    expect((await owner.api.get(`${reports()}/${path}`)).status).toBe(200);
  });
});
