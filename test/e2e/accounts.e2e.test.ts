import { DEFAULT_CHART_OF_ACCOUNTS } from '../../domain/account/default-chart';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { createExpense, expensePaths } from '../support/expenses';
import { addMember } from '../support/members';
import { startTestApp, TestApp } from '../support/test-app';

type AccountItem = { unique_id: string; account_code: string; name: string; account_type: string; is_active: boolean };

describe.each(testDatabases())('the chart of accounts on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let paths: ReturnType<typeof expensePaths>['accounts'];

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    owner = await signUp(app.client);
    member = await signUp(app.client);
    stranger = await signUp(app.client);
    await addMember(app, owner.organisationUniqueId, member);
    paths = expensePaths(owner.organisationUniqueId).accounts;
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('starts every new organisation with the default chart, ordered by code', async () => {
    const response = await member.api.get(paths.list);
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Total-Count')).toBe(String(DEFAULT_CHART_OF_ACCOUNTS.length));
    expect(response.body.map((a: AccountItem) => a.account_code)).toEqual(DEFAULT_CHART_OF_ACCOUNTS.map((entry) => entry.code));
    expect(response.body.filter((a: AccountItem) => a.account_type === 'expense').length).toBeGreaterThanOrEqual(5);
    expect(response.body.find((a: AccountItem) => a.unique_id === 'acct-5000')).toEqual({
      unique_id: 'acct-5000',
      account_code: '5000',
      name: 'Cost of Goods Sold',
      account_type: 'expense',
      description: null,
      is_active: true,
    });
  });

  it('creates an account (201), reads it, and refuses a code or unique_id the organisation has', async () => {
    const created = await member.api.post(paths.create, {
      unique_id: 'acct-fuel',
      account_code: '6310',
      name: 'Fuel',
      account_type: 'expense',
      description: 'Company cars',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      unique_id: 'acct-fuel',
      account_code: '6310',
      name: 'Fuel',
      account_type: 'expense',
      description: 'Company cars',
      is_active: true,
    });
    expect((await owner.api.get(paths.detail('acct-fuel'))).body).toEqual(created.body);

    const clash = await member.api.post(paths.create, { unique_id: 'acct-fuel', account_code: '6310', name: 'Again', account_type: 'expense' });
    expect(clash.status).toBe(400);
    expect(clash.body).toEqual({
      unique_id: ['account with this unique id already exists.'],
      account_code: ['account with this account code already exists.'],
    });
    const elsewhere = await stranger.api.post(expensePaths(stranger.organisationUniqueId).accounts.create, {
      account_code: '6310',
      name: 'Fuel',
      account_type: 'expense',
    });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.unique_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ['an empty body', {}, {
      account_code: ['This field is required.'],
      name: ['This field is required.'],
      account_type: ['This field is required.'],
    }],
    ['an unknown type', { account_code: '9', name: 'X', account_type: 'revenue' }, { account_type: ['"revenue" is not a valid choice.'] }],
    ['a code of 21 characters', { account_code: 'c'.repeat(21), name: 'X', account_type: 'asset' }, {
      account_code: ['Ensure this field has no more than 20 characters.'],
    }],
    ['a name of 201 characters', { account_code: '9', name: 'n'.repeat(201), account_type: 'asset' }, {
      name: ['Ensure this field has no more than 200 characters.'],
    }],
  ])('refuses %s', async (_case, body, errors) => {
    const response = await member.api.post(paths.create, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errors);
  });

  it('updates with PUT (required fields) and PATCH, keeping the code unique', async () => {
    await member.api.post(paths.create, { unique_id: 'acct-gifts', account_code: '6700', name: 'Gifts', account_type: 'expense' });
    const missing = await member.api.put(paths.update('acct-gifts'), { name: 'Client gifts' });
    expect(missing.body).toEqual({ account_code: ['This field is required.'], account_type: ['This field is required.'] });

    const put = await member.api.put(paths.update('acct-gifts'), { account_code: '6710', name: 'Client gifts', account_type: 'expense' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ account_code: '6710', name: 'Client gifts', is_active: true });

    const patch = await member.api.patch(paths.update('acct-gifts'), { is_active: false, description: 'Retired' });
    expect(patch.body).toMatchObject({ account_code: '6710', is_active: false, description: 'Retired' });

    const clash = await member.api.patch(paths.update('acct-gifts'), { account_code: '6300' });
    expect(clash.status).toBe(400);
    expect(clash.body).toEqual({ account_code: ['account with this account code already exists.'] });
    const renamed = await member.api.patch(paths.update('acct-gifts'), { unique_id: 'acct-other' });
    expect(renamed.body).toEqual({ unique_id: ['This field cannot be changed.'] });
  });

  it('filters by type and by is_active, and orders by name', async () => {
    const income = await member.api.get(`${paths.list}?account_type=income&ordering=-name`);
    expect(income.body.map((a: AccountItem) => a.name)).toEqual(['Service Revenue', 'Sales']);
    const inactive = await member.api.get(`${paths.list}?is_active=false`);
    expect(inactive.body.map((a: AccountItem) => a.unique_id)).toEqual(['acct-gifts']);
    const bad = await member.api.get(`${paths.list}?account_type=revenue&is_active=maybe&ordering=balance`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      account_type: ['Select a valid choice. revenue is not one of the available choices.'],
      is_active: ['Select a valid choice. maybe is not one of the available choices.'],
    });
  });

  it('deletes an unused account (204) and refuses one an expense books to (409 in_use)', async () => {
    await member.api.post(paths.create, { unique_id: 'acct-temp', account_code: '6800', name: 'Temp', account_type: 'expense' });
    const removed = await member.api.delete(paths.delete('acct-temp'));
    expect(removed.status).toBe(204);
    expect((await member.api.get(paths.detail('acct-temp'))).status).toBe(404);

    await createExpense(member.api, owner.organisationUniqueId, { account_id: 'acct-6100' });
    const used = await member.api.delete(paths.delete('acct-6100'));
    expect(used.status).toBe(409);
    expect(used.body).toEqual({
      detail: 'This account is used by expenses and cannot be deleted; set it inactive instead.',
      code: 'in_use',
    });
    expect((await member.api.get(paths.detail('acct-6100'))).status).toBe(200);
  });

  it("answers 404 to a non-member on every account endpoint", async () => {
    const api = stranger.api;
    const responses = [
      await api.get(paths.list),
      await api.post(paths.create, { account_code: '1', name: 'X', account_type: 'asset' }),
      await api.get(paths.detail('acct-1000')),
      await api.put(paths.update('acct-1000'), { account_code: '1', name: 'X', account_type: 'asset' }),
      await api.patch(paths.update('acct-1000'), { name: 'Mine' }),
      await api.delete(paths.delete('acct-1000')),
      await member.api.get(paths.detail('does-not-exist')),
    ];
    for (const response of responses) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Not found.' });
    }
    expect((await owner.api.get(paths.detail('acct-1000'))).body.name).toBe('Cash');
  });
});
