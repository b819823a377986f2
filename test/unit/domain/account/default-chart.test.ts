import { ACCOUNT_CODE_MAX_LENGTH } from '../../../../domain/account/account';
import {
  DEFAULT_CHART_OF_ACCOUNTS,
  defaultAccountUniqueId,
  seedDefaultChart,
} from '../../../../domain/account/default-chart';

const NOW = new Date('2026-01-10T09:00:00.000Z');

function seed() {
  let counter = 0;
  return seedDefaultChart({ organisationId: 'org-1', nextId: () => `account-${++counter}`, now: NOW });
}

describe('the default chart of accounts', () => {
  it('gives a new organisation at least five expense accounts', () => {
    expect(seed().filter((account) => account.accountType === 'expense').length).toBeGreaterThanOrEqual(5);
  });

  it('covers every account type', () => {
    expect(new Set(seed().map((account) => account.accountType))).toEqual(
      new Set(['asset', 'liability', 'equity', 'income', 'expense']),
    );
  });

  it('has unique codes that fit the code limit', () => {
    const codes = DEFAULT_CHART_OF_ACCOUNTS.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => code.length <= ACCOUNT_CODE_MAX_LENGTH)).toBe(true);
  });

  it('names each seeded account acct-<code>, so that acct-5000 is Cost of Goods Sold', () => {
    const accounts = seed();
    expect(accounts.every((account) => account.uniqueId === `acct-${account.accountCode}`)).toBe(true);
    const cogs = accounts.find((account) => account.uniqueId === 'acct-5000');
    expect(cogs?.snapshot()).toMatchObject({ accountCode: '5000', name: 'Cost of Goods Sold', accountType: 'expense' });
    expect(defaultAccountUniqueId('6100')).toBe('acct-6100');
  });

  it('opens every account in the organisation, active, with an id of its own', () => {
    const accounts = seed();
    expect(accounts).toHaveLength(DEFAULT_CHART_OF_ACCOUNTS.length);
    expect(new Set(accounts.map((account) => account.id)).size).toBe(accounts.length);
    for (const account of accounts) {
      expect(account.snapshot()).toMatchObject({ organisationId: 'org-1', isActive: true, dateCreated: NOW });
    }
  });
});
