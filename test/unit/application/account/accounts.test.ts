import { CreateAccount } from '../../../../application/account/create-account.use-case';
import { DeleteAccount } from '../../../../application/account/delete-account.use-case';
import { GetAccount } from '../../../../application/account/get-account.use-case';
import { ListAccounts } from '../../../../application/account/list-accounts.use-case';
import { UpdateAccount } from '../../../../application/account/update-account.use-case';
import { CreateExpense } from '../../../../application/expense/create-expense.use-case';
import { DEFAULT_CHART_OF_ACCOUNTS } from '../../../../domain/account/default-chart';
import { InUse, NotFound } from '../../../../domain/shared/errors';
import { aNewExpense, expenseWorld } from '../expense/expense-world';

const ALL = { page: 1, pageSize: 100 };

describe('the chart of accounts use cases', () => {
  it('seed every new organisation with the default chart', async () => {
    const world = await expenseWorld();
    const chart = await world.container.get(ListAccounts).execute(world.member.actor, world.org, { filters: {}, ordering: { field: 'accountCode', descending: false }, page: ALL });
    expect(chart.items.map((a) => a.uniqueId)).toEqual(DEFAULT_CHART_OF_ACCOUNTS.map((entry) => `acct-${entry.code}`));
    expect(chart.items.every((a) => a.organisationId === world.organisation.id)).toBe(true);
  });

  it('let a member add an account with a new code, and refuse a code the organisation has', async () => {
    const world = await expenseWorld();
    const create = world.container.get(CreateAccount);
    const account = await create.execute(world.member.actor, world.org, { accountCode: '6310', name: 'Fuel', accountType: 'expense' });
    expect(account).toMatchObject({ accountCode: '6310', isActive: true, description: null, dateCreated: world.clock.now() });
    expect((await world.container.get(GetAccount).execute(world.owner.actor, world.org, account.uniqueId)).name).toBe('Fuel');
    await expect(create.execute(world.member.actor, world.org, { accountCode: '6310', name: 'Again', accountType: 'expense' })).rejects.toMatchObject({
      errors: { account_code: ['account with this account code already exists.'] },
    });
  });

  it('let a member change an account, keeping codes unique', async () => {
    const world = await expenseWorld();
    const update = world.container.get(UpdateAccount);
    await expect(update.execute(world.member.actor, world.org, 'acct-6300', { accountCode: '6400' })).rejects.toMatchObject({
      errors: { account_code: ['account with this account code already exists.'] },
    });
    const renamed = await update.execute(world.member.actor, world.org, 'acct-6300', { accountCode: '6300', name: 'Travel and transport' });
    expect(renamed).toMatchObject({ accountCode: '6300', name: 'Travel and transport' });
  });

  it('delete an unused account and refuse one an expense books to (in_use)', async () => {
    const world = await expenseWorld();
    const remove = world.container.get(DeleteAccount);
    await remove.execute(world.member.actor, world.org, 'acct-6500');
    await expect(world.container.get(GetAccount).execute(world.member.actor, world.org, 'acct-6500')).rejects.toThrow(NotFound);

    await world.container.get(CreateExpense).execute(world.member.actor, world.org, aNewExpense({ accountUniqueId: 'acct-6300' }));
    await expect(remove.execute(world.member.actor, world.org, 'acct-6300')).rejects.toThrow(InUse);
    await expect(world.container.get(GetAccount).execute(world.member.actor, world.org, 'acct-6300')).resolves.toBeDefined();
  });

  it('answer 404 to a non-member on every operation', async () => {
    const world = await expenseWorld();
    const outsider = world.outsider.actor;
    const attempts = [
      world.container.get(ListAccounts).execute(outsider, world.org, { filters: {}, ordering: { field: 'name', descending: false }, page: ALL }),
      world.container.get(CreateAccount).execute(outsider, world.org, { accountCode: '1', name: 'X', accountType: 'asset' }),
      world.container.get(GetAccount).execute(outsider, world.org, 'acct-1000'),
      world.container.get(UpdateAccount).execute(outsider, world.org, 'acct-1000', { name: 'Mine' }),
      world.container.get(DeleteAccount).execute(outsider, world.org, 'acct-1000'),
    ];
    for (const attempt of attempts) await expect(attempt).rejects.toThrow(NotFound);
  });
});
