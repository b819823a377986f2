import { UuidV7Generator } from '../../../adapters/system/uuid-v7-generator';
import { Account, CreateAccount } from '../../../domain/account/account';
import { DEFAULT_CHART_OF_ACCOUNTS } from '../../../domain/account/default-chart';
import { ConcurrentModification, InUse } from '../../../domain/shared/errors';
import { aDraftIn, OpenStorage, OrganisationFixture, sqlTargets, storageTargets } from '../expense/storage-targets';

const ids = new UuidV7Generator();
const NOW = new Date('2026-02-01T10:00:00.000Z');

const anAccount = (fixture: OrganisationFixture, overrides: Partial<CreateAccount> = {}) =>
  Account.create({
    id: ids.next(),
    uniqueId: ids.next(),
    organisationId: fixture.organisationId,
    accountCode: `C-${ids.next().slice(-8)}`,
    name: 'Account',
    accountType: 'expense',
    now: NOW,
    ...overrides,
  });

describe.each(storageTargets())('the account repository on $name', (target) => {
  let storage: OpenStorage;
  let org: OrganisationFixture;
  let other: OrganisationFixture;

  beforeAll(async () => {
    storage = await target.open();
    org = await storage.newOrganisation();
    other = await storage.newOrganisation();
  });

  afterAll(() => storage.close());

  it('holds the default chart that was added, every field kept', async () => {
    const cash = org.accounts.get('1000')!;
    expect((await storage.accounts.findByUniqueId(org.organisationId, 'acct-1000'))?.snapshot()).toEqual(cash.snapshot());
    expect(await storage.accounts.findByUniqueId(other.organisationId, cash.uniqueId).then((a) => a?.id)).not.toBe(cash.id);
  });

  it('saves changes, description and inactive flag included', async () => {
    const account = anAccount(org, { description: 'Fuel for company cars' });
    await storage.accounts.save(account);
    account.update({ name: 'Fuel', isActive: false, description: null }, new Date('2026-02-02T10:00:00.000Z'));
    await storage.accounts.save(account);
    expect((await storage.accounts.findByUniqueId(org.organisationId, account.uniqueId))?.snapshot()).toEqual(account.snapshot());
  });

  it('finds accounts by id within the organisation only', async () => {
    const ids = [org.accounts.get('6300')!.id, org.accounts.get('6400')!.id];
    expect((await storage.accounts.findByIds(org.organisationId, ids)).map((a) => a.accountCode).sort()).toEqual(['6300', '6400']);
    expect(await storage.accounts.findByIds(other.organisationId, ids)).toEqual([]);
    expect(await storage.accounts.findByIds(org.organisationId, [])).toEqual([]);
  });

  it('refuses a second account with the code or unique_id of another in the organisation', async () => {
    await expect(storage.accounts.save(anAccount(org, { accountCode: '6300' }))).rejects.toMatchObject({
      errors: { account_code: ['account with this account code already exists.'] },
    });
    await expect(storage.accounts.save(anAccount(org, { uniqueId: 'acct-6300' }))).rejects.toMatchObject({
      errors: { unique_id: ['account with this unique id already exists.'] },
    });
    const fixture = await storage.newOrganisation();
    await storage.accounts.save(anAccount(fixture, { accountCode: 'SHARED', uniqueId: 'shared' }));
    await storage.accounts.save(anAccount(other, { accountCode: 'SHARED', uniqueId: 'shared' }));
  });

  it('answers which of a code and a unique_id another account holds, leaving out the account itself', async () => {
    const travel = org.accounts.get('6300')!;
    const both = { account_code: ['account with this account code already exists.'], unique_id: ['account with this unique id already exists.'] };
    expect(await storage.accounts.clashes(anAccount(org, { accountCode: '6300', uniqueId: 'acct-6300' }), true)).toEqual(both);
    expect(await storage.accounts.clashes(anAccount(org, { accountCode: '6300', uniqueId: 'acct-6300' }), false)).toEqual({ account_code: both.account_code });
    expect(await storage.accounts.clashes(anAccount(org, { uniqueId: 'acct-6300' }), true)).toEqual({ unique_id: both.unique_id });
    expect(await storage.accounts.clashes(travel, true)).toEqual({});
    expect(await storage.accounts.clashes(anAccount(other, { accountCode: 'FREE', uniqueId: 'acct-0000' }), true)).toEqual({});
  });

  it('deletes an account', async () => {
    const account = anAccount(org);
    await storage.accounts.save(account);
    await storage.accounts.delete(account);
    expect(await storage.accounts.findByUniqueId(org.organisationId, account.uniqueId)).toBeNull();
  });

  describe('list', () => {
    let fixture: OrganisationFixture;

    beforeAll(async () => {
      fixture = await storage.newOrganisation();
      const retired = fixture.accounts.get('6400')!;
      retired.update({ isActive: false }, NOW);
      await storage.accounts.save(retired);
    });

    const codes = async (field: string, descending: boolean, filter = {}, page = { page: 1, pageSize: 100 }) =>
      (await storage.accounts.list(fixture.organisationId, { filters: filter, ordering: { field, descending }, page })).items.map((a) => a.accountCode);

    it('orders by code, name or type, ties by id', async () => {
      const byCode = DEFAULT_CHART_OF_ACCOUNTS.map((entry) => entry.code);
      expect(await codes('account_code', false)).toEqual(byCode);
      expect(await codes('account_code', true)).toEqual([...byCode].reverse());
      const byName = [...DEFAULT_CHART_OF_ACCOUNTS].sort((a, b) => (a.name < b.name ? -1 : 1)).map((entry) => entry.code);
      expect(await codes('name', false)).toEqual(byName);
      const types = await storage.accounts.list(fixture.organisationId, { filters: {}, ordering: { field: 'account_type', descending: false }, page: { page: 1, pageSize: 100 } });
      expect(types.items.map((a) => a.accountType)).toEqual([...types.items.map((a) => a.accountType)].sort());
    });

    it('filters by type and by active flag, and pages', async () => {
      expect(await codes('account_code', false, { account_type: 'income' })).toEqual(['4000', '4100']);
      expect(await codes('account_code', false, { is_active: false })).toEqual(['6400']);
      expect(await codes('account_code', false, { account_type: 'expense', is_active: true })).toEqual(['5000', '6000', '6100', '6200', '6300', '6500', '6600', '6900']);
      const page = await storage.accounts.list(fixture.organisationId, { filters: {}, ordering: { field: 'account_code', descending: false }, page: { page: 2, pageSize: 5 } });
      expect(page.total).toBe(DEFAULT_CHART_OF_ACCOUNTS.length);
      expect(page.items.map((a) => a.accountCode)).toEqual(['3000', '4000', '4100', '5000', '6000']);
    });
  });
});

/** What the database itself guarantees, whatever the application checks first. */
describe.each(sqlTargets())('the account foreign keys on $name', (target) => {
  let storage: OpenStorage;
  let org: OrganisationFixture;
  let other: OrganisationFixture;

  beforeAll(async () => {
    storage = await target.open();
    org = await storage.newOrganisation();
    other = await storage.newOrganisation();
  });

  afterAll(() => storage.close());

  const anExpenseOn = (account: Account) => aDraftIn(org, { accountId: account.id });

  it('refuses to delete an account an expense books to (in_use), even without the usage check', async () => {
    const travel = org.accounts.get('6300')!;
    await storage.expenses.save(anExpenseOn(travel));
    await expect(storage.unitOfWork.transaction(() => storage.accounts.delete(travel))).rejects.toThrow(InUse);
    expect(await storage.accounts.findByUniqueId(org.organisationId, 'acct-6300')).not.toBeNull();
  });

  it("refuses to book an expense to another organisation's account", async () => {
    await expect(storage.expenses.save(anExpenseOn(other.accounts.get('6300')!))).rejects.toThrow(ConcurrentModification);
  });
});
