import { ExpenseFilters } from '../../../../application/expense/expense.ports';
import { NotFound } from '../../../../domain/shared/errors';
import { aNewExpense, expenseWorld, expensesIn } from './expense-world';

describe('ListExpenses', () => {
  async function withExpenses() {
    const world = await expenseWorld();
    await world.vendors.add(world.organisation.id, { id: 'v-internal', uniqueId: 'city-cabs', name: 'City Cabs' });
    const create = expensesIn(world.container).create;
    await create.execute(world.owner.actor, world.org, aNewExpense({ expenseNumber: 'A-1', title: 'Cab', vendorId: 'city-cabs' }));
    await create.execute(world.owner.actor, world.org, aNewExpense({ expenseNumber: 'A-2', title: 'Lunch', accountId: 'acct-6400', employeeId: world.member.person.uniqueId }));
    await create.execute(world.owner.actor, world.org, aNewExpense({ expenseNumber: 'A-3', title: 'CAB home' }));
    const list = async (filters: ExpenseFilters, actor = world.member.actor) => {
      const page = await expensesIn(world.container).list
        .execute(actor, world.org, { filters, ordering: { field: 'expense_number', descending: false }, page: { page: 1, pageSize: 10 } });
      return page;
    };
    return { ...world, list };
  }

  it.each<[string, (w: Awaited<ReturnType<typeof withExpenses>>) => ExpenseFilters, string[]]>([
    ['a vendor, by unique_id', () => ({ vendor_id: 'city-cabs' }), ['A-1']],
    ['an account, by unique_id', () => ({ account_id: 'acct-6400' }), ['A-2']],
    ['an employee, by unique_id', (w) => ({ employee_id: w.member.person.uniqueId }), ['A-2']],
    ['a search, case-insensitively and trimmed', () => ({ search: '  cAb ' }), ['A-1', 'A-3']],
    ['a blank search, which is no search', () => ({ search: '   ' }), ['A-1', 'A-2', 'A-3']],
    ['a reference that names nothing', () => ({ vendor_id: 'nobody' }), []],
  ])('filters by %s', async (_case, query, expected) => {
    const world = await withExpenses();
    const page = await world.list(query(world));
    expect(page.items.map((view) => view.expense.expenseNumber)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it('shows the vendor of each expense in its view', async () => {
    const world = await withExpenses();
    const page = await world.list({ vendor_id: 'city-cabs' });
    expect(page.items[0].vendor).toEqual({ uniqueId: 'city-cabs', name: 'City Cabs' });
  });

  it('answers 404 to a non-member', async () => {
    const world = await withExpenses();
    await expect(world.list({}, world.outsider.actor)).rejects.toThrow(NotFound);
  });
});
