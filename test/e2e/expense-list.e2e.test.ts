import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { actOn, createExpense, expensePaths } from '../support/expenses';
import { addMember } from '../support/members';
import { TickingClock } from '../support/in-memory-world';
import { startTestApp, TestApp } from '../support/test-app';

type Item = { unique_id: string; expense_number: string; amount: string; total_amount: string };

describe.each(testDatabases())('the expense list on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let paths: ReturnType<typeof expensePaths>;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { clock: new TickingClock('2026-03-01T00:00:00.000Z') });
    owner = await signUp(app.client);
    member = await signUp(app.client, { first_name: 'Mo', last_name: 'Member' });
    await addMember(app, owner.organisationUniqueId, member);
    const org = owner.organisationUniqueId;
    paths = expensePaths(org);
    const employee = member.personUniqueId;
    const add = (fields: Record<string, unknown>) => createExpense(owner.api, org, fields);
    await add({ expense_number: 'INV-001', title: 'Taxi to airport', expense_date: '2026-01-05', account_id: 'acct-6300', amount: '10.00', employee_id: employee });
    const hotel = await add({ expense_number: 'INV-002', title: 'Hotel in Nairobi', expense_date: '2026-01-10', account_id: 'acct-6300', amount: '200.00', tax_amount: '32.00' });
    const lunch = await add({ expense_number: 'INV-003', title: 'Team lunch', expense_date: '2026-02-01', account_id: 'acct-6400', amount: '50.00', tax_amount: '100.00', employee_id: employee });
    await add({ expense_number: 'REF-100%', title: 'Office chairs_x', expense_date: '2026-02-15', account_id: 'acct-6200', amount: '999.99' });
    await add({ expense_number: 'INV-005', title: 'TAXI back home', expense_date: '2026-03-01', account_id: 'acct-6300', amount: '10.00' });
    await add({ expense_number: 'ABC-7', title: 'Café crème', expense_date: '2026-03-02', account_id: 'acct-6900', amount: '5.00' });
    await actOn(owner.api, org, hotel.unique_id, 'submit');
    await actOn(owner.api, org, lunch.unique_id, 'submit', 'approve');
    // Another organisation's expense never shows up here.
    await createExpense(member.api, member.organisationUniqueId, { expense_number: 'INV-999', title: 'Taxi elsewhere' });
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const numbersOf = async (query: string) => {
    const response = await member.api.get(`${paths.list}${query}`);
    expect(response.status).toBe(200);
    return (response.body as Item[]).map((item) => item.expense_number);
  };

  it('lists the lighter item, newest expense_date first, with the total count', async () => {
    const response = await member.api.get(paths.list);
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Total-Count')).toBe('6');
    expect(response.body.map((item: Item) => item.expense_number)).toEqual(['ABC-7', 'INV-005', 'REF-100%', 'INV-003', 'INV-002', 'INV-001']);
    expect(Object.keys(response.body[0]).sort()).toEqual(
      ['unique_id', 'title', 'expense_number', 'status', 'status_display', 'expense_date', 'amount', 'tax_amount',
        'total_amount', 'project_id', 'employee', 'vendor', 'date_created'].sort(),
    );
    expect(response.body.find((item: Item) => item.expense_number === 'INV-003')).toMatchObject({
      title: 'Team lunch',
      status: 'approved',
      status_display: 'Approved',
      expense_date: '2026-02-01',
      amount: '50.00',
      tax_amount: '100.00',
      total_amount: '150.00',
      employee: { unique_id: member.personUniqueId, full_name: 'Mo Member' },
      vendor: null,
    });
  });

  it.each([
    ['account_id', '?account_id=acct-6300', ['INV-005', 'INV-002', 'INV-001']],
    ['an account_id of nothing', '?account_id=acct-0000', []],
    ['employee_id', () => `?employee_id=${member.personUniqueId}`, ['INV-003', 'INV-001']],
    ['an employee_id of nobody', '?employee_id=nobody', []],
    ['vendor_id (no vendor is known yet)', '?vendor_id=vendor-1', []],
    ['from_date, inclusive', '?from_date=2026-02-01', ['ABC-7', 'INV-005', 'REF-100%', 'INV-003']],
    ['to_date, inclusive', '?to_date=2026-01-10', ['INV-002', 'INV-001']],
    ['a date range', '?from_date=2026-01-06&to_date=2026-02-15', ['REF-100%', 'INV-003', 'INV-002']],
    ['an empty date range', '?from_date=2026-03-01&to_date=2026-01-01', []],
    ['status', '?status=submitted', ['INV-002']],
    ['status and account together', '?status=draft&account_id=acct-6300', ['INV-005', 'INV-001']],
    ['search on the title, case-insensitively', '?search=taxi', ['INV-005', 'INV-001']],
    ['search on the number', '?search=inv-00', ['INV-005', 'INV-003', 'INV-002', 'INV-001']],
    ['search with a literal %', `?search=${encodeURIComponent('%')}`, ['REF-100%']],
    ['search with a literal _', '?search=_', ['REF-100%']],
    ['search beyond ASCII, case-insensitively', `?search=${encodeURIComponent('CAFÉ')}`, ['ABC-7']],
    ['search that matches nothing', '?search=zzz', []],
    ['empty filter values, which are ignored', '?status=&search=&account_id=', ['ABC-7', 'INV-005', 'REF-100%', 'INV-003', 'INV-002', 'INV-001']],
  ])('filters by %s', async (_case, query, expected) => {
    expect(await numbersOf(typeof query === 'function' ? query() : query)).toEqual(expected);
  });

  it('counts the filtered expenses, not all of them', async () => {
    const response = await member.api.get(`${paths.list}?account_id=acct-6300&page_size=1`);
    expect(response.headers.get('X-Total-Count')).toBe('3');
    expect(response.body).toHaveLength(1);
  });

  it.each([
    ['expense_date', ['INV-001', 'INV-002', 'INV-003', 'REF-100%', 'INV-005', 'ABC-7']],
    ['expense_number', ['ABC-7', 'INV-001', 'INV-002', 'INV-003', 'INV-005', 'REF-100%']],
    ['-expense_number', ['REF-100%', 'INV-005', 'INV-003', 'INV-002', 'INV-001', 'ABC-7']],
    ['date_created', ['INV-001', 'INV-002', 'INV-003', 'REF-100%', 'INV-005', 'ABC-7']],
    ['-date_created', ['ABC-7', 'INV-005', 'REF-100%', 'INV-003', 'INV-002', 'INV-001']],
  ])('orders by %s', async (ordering, expected) => {
    expect(await numbersOf(`?ordering=${ordering}`)).toEqual(expected);
  });

  it('orders by amount and by total_amount numerically', async () => {
    const amounts = await member.api.get(`${paths.list}?ordering=amount`);
    expect(amounts.body.map((item: Item) => item.amount)).toEqual(['5.00', '10.00', '10.00', '50.00', '200.00', '999.99']);
    const totals = await member.api.get(`${paths.list}?ordering=-total_amount`);
    expect(totals.body.map((item: Item) => item.total_amount)).toEqual(['999.99', '232.00', '150.00', '10.00', '10.00', '5.00']);
  });

  it('pages through ties without repeating or skipping an expense', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 6; page++) {
      const response = await member.api.get(`${paths.list}?ordering=amount&page_size=1&page=${page}`);
      seen.push(...response.body.map((item: Item) => item.unique_id));
    }
    expect(new Set(seen).size).toBe(6);
  });

  it('links the pages: first and next from the first page, prev from the last, nothing past the end', async () => {
    const first = await member.api.get(`${paths.list}?page_size=4&status=draft`);
    expect(first.headers.get('X-Total-Count')).toBe('4');
    const second = await member.api.get(`${paths.list}?page_size=2`);
    const link = second.headers.get('Link')!;
    expect(link).toContain('rel="first"');
    expect(link).toContain('rel="next"');
    expect(link).not.toContain('rel="prev"');
    expect(link).toMatch(/<[^>]*[?&]page=3\b[^>]*>; rel="last"/);
    const last = await member.api.get(`${paths.list}?page_size=2&page=3`);
    expect(last.body.map((item: Item) => item.expense_number)).toEqual(['INV-002', 'INV-001']);
    expect(last.headers.get('Link')).toContain('rel="prev"');
    expect(last.headers.get('Link')).not.toContain('rel="next"');
    const past = await member.api.get(`${paths.list}?page_size=2&page=4`);
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.headers.get('X-Total-Count')).toBe('6');
  });

  it.each([
    ['a bad date and status (DRF sample)', '?from_date=2025-02-30&status=nope', {
      from_date: ['Enter a valid date.'],
      status: ['Select a valid choice. nope is not one of the available choices.'],
    }],
    ['a bad to_date', '?to_date=15-01-2026', { to_date: ['Enter a valid date.'] }],
    ['an unknown ordering', '?ordering=title', { ordering: ['Select a valid choice. title is not one of the available choices.'] }],
    ['page 0', '?page=0', { page: ['Ensure this value is greater than or equal to 1.'] }],
    ['a page_size that is not an integer', '?page_size=abc', { page_size: ['A valid integer is required.'] }],
  ])('answers 400 to %s', async (_case, query, errors) => {
    const response = await member.api.get(`${paths.list}${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errors);
  });
});
