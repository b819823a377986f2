import { Account, AccountSnapshot } from '../../../../domain/account/account';
import { DEFAULT_CHART_OF_ACCOUNTS } from '../../../../domain/account/default-chart';
import { InUse, NotFound } from '../../../../domain/shared/errors';
import { useCasesOf } from '../../../support/record-use-cases';
import { aNewExpense, expenseWorld, expensesIn } from '../expense/expense-world';

const ALL = { page: 1, pageSize: 100 };

/** The five use cases of the chart of accounts, as its controller runs them. */
const accountsOf = (world: Awaited<ReturnType<typeof expenseWorld>>) => useCasesOf<Account, AccountSnapshot>(world.container, 'account');

describe('the chart of accounts use cases', () => {
  it('seed every new organisation with the default chart', async () => {
    const world = await expenseWorld();
    const chart = await accountsOf(world).list.execute(world.member.actor, world.org, { filters: {}, ordering: { field: 'account_code', descending: false }, page: ALL });
    expect(chart.items.map((a) => a.record.uniqueId)).toEqual(DEFAULT_CHART_OF_ACCOUNTS.map((entry) => `acct-${entry.code}`));
    expect(chart.items.every((a) => a.record.organisationId === world.organisation.id)).toBe(true);
  });

  it('let a member add an account with a new code, and refuse a code the organisation has', async () => {
    const world = await expenseWorld();
    const { create, get } = accountsOf(world);
    const account = (await create.execute(world.member.actor, world.org, { accountCode: '6310', name: 'Fuel', accountType: 'expense' })).record;
    expect(account).toMatchObject({ accountCode: '6310', isActive: true, description: null, dateCreated: world.clock.now() });
    expect((await get.execute(world.owner.actor, world.org, account.uniqueId)).record.name).toBe('Fuel');
    await expect(create.execute(world.member.actor, world.org, { accountCode: '6310', name: 'Again', accountType: 'expense' })).rejects.toMatchObject({
      errors: { account_code: ['account with this account code already exists.'] },
    });
    await expect(create.execute(world.member.actor, world.org, { uniqueId: account.uniqueId, accountCode: '6310', name: 'Again', accountType: 'expense' })).rejects.toMatchObject({
      errors: { unique_id: ['account with this unique id already exists.'], account_code: ['account with this account code already exists.'] },
    });
  });

  it('let a member change an account, keeping codes unique', async () => {
    const world = await expenseWorld();
    const { update } = accountsOf(world);
    await expect(update.execute(world.member.actor, world.org, 'acct-6300', { accountCode: '6400' })).rejects.toMatchObject({
      errors: { account_code: ['account with this account code already exists.'] },
    });
    const renamed = await update.execute(world.member.actor, world.org, 'acct-6300', { accountCode: '6300', name: 'Travel and transport' });
    expect(renamed.record).toMatchObject({ accountCode: '6300', name: 'Travel and transport' });
  });

  it('delete an unused account and refuse one an expense books to (in_use)', async () => {
    const world = await expenseWorld();
    const { delete: remove, get } = accountsOf(world);
    await remove.execute(world.member.actor, world.org, 'acct-6500');
    await expect(get.execute(world.member.actor, world.org, 'acct-6500')).rejects.toThrow(NotFound);

    await expensesIn(world.container).create.execute(world.member.actor, world.org, aNewExpense({ accountId: 'acct-6300' }));
    await expect(remove.execute(world.member.actor, world.org, 'acct-6300')).rejects.toThrow(InUse);
    await expect(get.execute(world.member.actor, world.org, 'acct-6300')).resolves.toBeDefined();
  });

  it('answer 404 to a non-member on every operation', async () => {
    const world = await expenseWorld();
    const outsider = world.outsider.actor;
    const accounts = accountsOf(world);
    const attempts = [
      accounts.list.execute(outsider, world.org, { filters: {}, ordering: { field: 'name', descending: false }, page: ALL }),
      accounts.create.execute(outsider, world.org, { accountCode: '1', name: 'X', accountType: 'asset' }),
      accounts.get.execute(outsider, world.org, 'acct-1000'),
      accounts.update.execute(outsider, world.org, 'acct-1000', { name: 'Mine' }),
      accounts.delete.execute(outsider, world.org, 'acct-1000'),
    ];
    for (const attempt of attempts) await expect(attempt).rejects.toThrow(NotFound);
  });
});
