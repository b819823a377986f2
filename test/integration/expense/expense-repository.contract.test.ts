import { ExpenseFilters, ExpenseOrderingField } from '../../../application/expense/expense.ports';
import { CreateExpense, Expense } from '../../../domain/expense/expense';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal } from '../../../domain/shared/decimal';
import { ValidationFailed } from '../../../domain/shared/errors';
import { aDraft } from '../../unit/domain/expense/expense.mother';
import { OpenStorage, OrganisationFixture, storageTargets } from './storage-targets';

/** Ids in creation order even within one millisecond, so that ties in an ordering have one right answer. */
let sequence = 0;
const ids = { next: () => `00000000-0000-7000-8000-${String(++sequence).padStart(12, '0')}` };
const AT = (day: number) => new Date(Date.UTC(2026, 0, day, 9, 30, 15, 123));
const FIRST_PAGE = { page: 1, pageSize: 100 };

/** The filters as the repository takes them: references already found. */
type Filters = ExpenseFilters;

describe.each(storageTargets())('the expense repository on $name', (target) => {
  let storage: OpenStorage;
  let org: OrganisationFixture;
  let other: OrganisationFixture;

  beforeAll(async () => {
    storage = await target.open();
    org = await storage.newOrganisation();
    other = await storage.newOrganisation();
    await storage.addVendors(org, ['vendor-7', 'vendor-9', 'v-1']);
  });

  afterAll(() => storage.close());

  const accountId = (fixture: OrganisationFixture, code: string) => fixture.accounts.get(code)!.id;

  const anExpense = (overrides: Partial<CreateExpense> = {}, fixture = org): Expense =>
    aDraft({
      id: ids.next(),
      uniqueId: ids.next(),
      expenseNumber: `N-${ids.next()}`,
      organisationId: fixture.organisationId,
      createdById: fixture.ownerId,
      accountId: accountId(fixture, '6300'),
      ...overrides,
    });

  it('keeps every field exactly, workflow dates and receipt included', async () => {
    const approved = anExpense({
      description: 'Airport run',
      notes: 'Shared with sales',
      vendorId: 'vendor-7',
      employeeId: org.memberId,
      amount: Decimal.of('9999999999.98'),
      taxAmount: Decimal.of('0.01'),
      receipt: { key: `${org.organisationId}/${ids.next()}.pdf`, contentType: 'application/pdf', size: 2048 },
      vatProcessed: true,
      now: AT(2),
    });
    approved.submit(AT(3));
    approved.approve(org.ownerId, AT(4));
    const rejected = anExpense({ amount: Decimal.of('-12.34'), expenseDate: CalendarDate.of('2024-02-29') });
    rejected.submit(AT(5));
    rejected.reject('Receipt is illegible', AT(6));

    for (const expense of [approved, rejected]) {
      await storage.expenses.save(expense);
      const found = await storage.expenses.findByUniqueId(org.organisationId, expense.uniqueId);
      expect(found?.snapshot()).toEqual(expense.snapshot());
    }
    expect((await storage.expenses.findByUniqueId(org.organisationId, approved.uniqueId))?.totalAmount.toFixed()).toBe('9999999999.99');
  });

  it('finds an expense only within its own organisation', async () => {
    const expense = anExpense();
    await storage.expenses.save(expense);
    expect(await storage.expenses.findByUniqueId(other.organisationId, expense.uniqueId)).toBeNull();
    expect(await storage.expenses.findByUniqueId(org.organisationId, 'does-not-exist')).toBeNull();
  });

  it('saves changes to an expense it holds', async () => {
    const expense = anExpense();
    await storage.expenses.save(expense);
    expense.edit({ title: 'Corrected', amount: Decimal.of('40.00') }, AT(20), null);
    expense.submit(AT(21));
    await storage.expenses.save(expense);
    expect((await storage.expenses.findByUniqueId(org.organisationId, expense.uniqueId))?.snapshot()).toEqual(expense.snapshot());
  });

  it('refuses a second expense with the number or unique_id of another in the organisation', async () => {
    const first = anExpense({ expenseNumber: 'DUP-1', uniqueId: 'dup-1' });
    await storage.expenses.save(first);
    const sameNumber = anExpense({ expenseNumber: 'DUP-1' });
    await expect(storage.expenses.save(sameNumber)).rejects.toThrow(ValidationFailed);
    await expect(storage.expenses.save(sameNumber)).rejects.toMatchObject({
      errors: { expense_number: ['expense with this expense number already exists.'] },
    });
    await expect(storage.expenses.save(anExpense({ uniqueId: 'dup-1' }))).rejects.toMatchObject({
      errors: { unique_id: ['expense with this unique id already exists.'] },
    });
    await storage.expenses.save(anExpense({ expenseNumber: 'DUP-1', uniqueId: 'dup-1' }, other));
  });

  it('reports the number or unique_id another expense of the organisation holds, leaving out the expense itself', async () => {
    const expense = anExpense({ expenseNumber: 'TAKEN-1' });
    await storage.expenses.save(expense);
    const number = { expense_number: ['expense with this expense number already exists.'] };
    const uniqueId = { unique_id: ['expense with this unique id already exists.'] };
    expect(await storage.expenses.clashes(expense, true)).toEqual({});
    expect(await storage.expenses.clashes(anExpense({ expenseNumber: 'TAKEN-1' }), false)).toEqual(number);
    expect(await storage.expenses.clashes(anExpense({ expenseNumber: 'TAKEN-1', uniqueId: expense.uniqueId }), true)).toEqual({ ...uniqueId, ...number });
    expect(await storage.expenses.clashes(anExpense({ expenseNumber: 'TAKEN-1', uniqueId: expense.uniqueId }, other), true)).toEqual({});
  });

  it('deletes, and tells whether an account or a vendor is still used', async () => {
    const fixture = await storage.newOrganisation();
    const expense = anExpense({ accountId: accountId(fixture, '6500'), vendorId: 'vendor-9' }, fixture);
    await storage.expenses.save(expense);
    expect(await storage.expenses.isAccountUsed(fixture.organisationId, accountId(fixture, '6500'))).toBe(true);
    expect(await storage.expenses.isAccountUsed(fixture.organisationId, accountId(fixture, '6600'))).toBe(false);
    expect(await storage.expenses.isVendorUsed(fixture.organisationId, 'vendor-9')).toBe(true);
    expect(await storage.expenses.isVendorUsed(other.organisationId, 'vendor-9')).toBe(false);

    await storage.expenses.delete(expense);
    expect(await storage.expenses.findByUniqueId(fixture.organisationId, expense.uniqueId)).toBeNull();
    expect(await storage.expenses.isAccountUsed(fixture.organisationId, accountId(fixture, '6500'))).toBe(false);
  });

  it('sums the totals of the expenses naming each project by status, spent and committed, and tells whether one is used', async () => {
    const fixture = await storage.newOrganisation();
    const [first, second, unused] = [ids.next(), ids.next(), ids.next()];
    await storage.addProjects(fixture, [first, second, unused]);
    const booked = (projectId: string | null, amount: string, ...steps: ('submit' | 'approve' | 'pay' | 'reimburse' | 'reject')[]) => {
      const expense = anExpense({ projectId, amount: Decimal.of(amount), taxAmount: Decimal.of('0.01') }, fixture);
      for (const step of steps) {
        if (step === 'submit') expense.submit(AT(2));
        if (step === 'approve') expense.approve(fixture.ownerId, AT(3));
        if (step === 'pay') expense.markPaid(AT(4));
        if (step === 'reimburse') expense.reimburse(AT(4));
        if (step === 'reject') expense.reject(null, AT(4));
      }
      return expense;
    };
    for (const expense of [
      booked(first, '9999999999.98', 'submit', 'approve'),
      booked(first, '9999999999.98', 'submit', 'approve', 'pay'),
      booked(first, '0.99', 'submit', 'approve', 'reimburse'),
      booked(first, '-5.00', 'submit'),
      booked(first, '7.00'),
      booked(first, '8.00', 'submit', 'reject'),
      booked(second, '1.00', 'submit'),
      booked(null, '100.00', 'submit', 'approve'),
    ]) {
      await storage.expenses.save(expense);
    }

    const spending = await storage.expenses.spendingByProject(fixture.organisationId, [first, second, unused]);
    expect([...spending].map(([id, figures]) => [id, figures.spent.toFixed(), figures.committed.toFixed()]).sort()).toEqual(
      [
        [first, '20000000000.98', '-4.99'],
        [second, '0.00', '1.01'],
      ].sort(),
    );
    expect((await storage.expenses.spendingByProject(other.organisationId, [first])).size).toBe(0);
    expect(await storage.expenses.isProjectUsed(fixture.organisationId, second)).toBe(true);
    expect(await storage.expenses.isProjectUsed(fixture.organisationId, unused)).toBe(false);
  });

  describe('list', () => {
    let fixture: OrganisationFixture;

    beforeAll(async () => {
      fixture = await storage.newOrganisation();
      const add = async (number: string, title: string, date: string, code: string, amount: string, more: Partial<CreateExpense> = {}) => {
        const expense = anExpense(
          { expenseNumber: number, title, expenseDate: CalendarDate.of(date), accountId: accountId(fixture, code), amount: Decimal.of(amount), ...more },
          fixture,
        );
        await storage.expenses.save(expense);
        return expense;
      };
      await add('INV-001', 'Taxi to airport', '2026-01-05', '6300', '10.00', { employeeId: fixture.memberId, now: AT(1) });
      const hotel = await add('INV-002', 'Hotel', '2026-01-10', '6300', '200.00', { taxAmount: Decimal.of('32.00'), vendorId: 'v-1', now: AT(2) });
      await add('INV-003', 'Team lunch', '2026-02-01', '6400', '50.00', { taxAmount: Decimal.of('100.00'), employeeId: fixture.memberId, now: AT(3) });
      await add('REF-100%', 'Office chairs_x', '2026-02-15', '6200', '999.99', { now: AT(4) });
      await add('AB', 'CD École', '2026-03-01', '6300', '10.00', { vendorId: 'v-1', now: AT(5) });
      await add('ZZ-9', 'Snacks', '2026-03-01', '6900', '5.00', { now: AT(6) });
      hotel.submit(AT(7));
      await storage.expenses.save(hotel);
      await add('OTHER-1', 'Taxi elsewhere', '2026-01-05', '6300', '10.00', { now: AT(8) });
      await storage.expenses.save(anExpense({ expenseNumber: 'OTHER-ORG', title: 'Taxi' }, other));
    });

    const numbers = async (filters: Filters, field: ExpenseOrderingField = 'expense_date', descending = true, page = FIRST_PAGE) => {
      const found = await storage.expenses.list(fixture.organisationId, { filters, ordering: { field, descending }, page });
      return found.items.map((e) => e.expenseNumber);
    };

    it.each<[string, () => Filters, string[]]>([
      ['nothing', () => ({}), ['ZZ-9', 'AB', 'REF-100%', 'INV-003', 'INV-002', 'OTHER-1', 'INV-001']],
      ['account', () => ({ account_id: accountId(fixture, '6400') }), ['INV-003']],
      ['employee', () => ({ employee_id: fixture.memberId }), ['INV-003', 'INV-001']],
      ['vendor', () => ({ vendor_id: 'v-1' }), ['AB', 'INV-002']],
      ['status', () => ({ status: 'submitted' }), ['INV-002']],
      ['from date, inclusive', () => ({ from_date: CalendarDate.of('2026-02-15') }), ['ZZ-9', 'AB', 'REF-100%']],
      ['to date, inclusive', () => ({ to_date: CalendarDate.of('2026-01-10') }), ['INV-002', 'OTHER-1', 'INV-001']],
      ['search on the title', () => ({ search: 'TAXI' }), ['OTHER-1', 'INV-001']],
      ['search on the number', () => ({ search: 'inv-00' }), ['INV-003', 'INV-002', 'INV-001']],
      ['search with a literal %', () => ({ search: '%' }), ['REF-100%']],
      ['search with a literal _', () => ({ search: '_' }), ['REF-100%']],
      ['search beyond ASCII', () => ({ search: 'éCOLE' }), ['AB']],
      ['search never spanning number and title', () => ({ search: 'bc' }), []],
      ['several filters at once', () => ({ account_id: accountId(fixture, '6300'), status: 'draft', to_date: CalendarDate.of('2026-02-28') }), ['OTHER-1', 'INV-001']],
    ])('filters by %s', async (_case, filter, expected) => {
      expect(await numbers(filter())).toEqual(expected);
    });

    it.each<[ExpenseOrderingField, boolean, string[]]>([
      ['expense_date', false, ['INV-001', 'OTHER-1', 'INV-002', 'INV-003', 'REF-100%', 'AB', 'ZZ-9']],
      ['amount', false, ['ZZ-9', 'INV-001', 'AB', 'OTHER-1', 'INV-003', 'INV-002', 'REF-100%']],
      ['total_amount', true, ['REF-100%', 'INV-002', 'INV-003', 'OTHER-1', 'AB', 'INV-001', 'ZZ-9']],
      ['expense_number', false, ['AB', 'INV-001', 'INV-002', 'INV-003', 'OTHER-1', 'REF-100%', 'ZZ-9']],
      ['date_created', true, ['OTHER-1', 'ZZ-9', 'AB', 'REF-100%', 'INV-003', 'INV-002', 'INV-001']],
    ])('orders by %s (descending: %s), ties by id in the same direction', async (field, descending, expected) => {
      expect(await numbers({}, field, descending)).toEqual(expected);
    });

    it('pages, counting every match', async () => {
      const page = await storage.expenses.list(fixture.organisationId, { filters: {}, ordering: { field: 'expense_number', descending: false }, page: { page: 2, pageSize: 3 } });
      expect(page.total).toBe(7);
      expect(page.items.map((e) => e.expenseNumber)).toEqual(['INV-003', 'OTHER-1', 'REF-100%']);
      const past = await storage.expenses.list(fixture.organisationId, { filters: {}, ordering: { field: 'expense_number', descending: false }, page: { page: 4, pageSize: 3 } });
      expect(past).toEqual({ items: [], total: 7 });
    });
  });
});
