import { Account, AccountType } from './account';

export interface DefaultAccount {
  readonly code: string;
  readonly name: string;
  readonly type: AccountType;
}

/**
 * The chart of accounts every new organisation starts with, so that its first
 * expense has accounts to be booked to. Small on purpose: owners extend it.
 */
export const DEFAULT_CHART_OF_ACCOUNTS: readonly DefaultAccount[] = [
  { code: '1000', name: 'Cash', type: 'asset' },
  { code: '1100', name: 'Bank', type: 'asset' },
  { code: '1200', name: 'Accounts Receivable', type: 'asset' },
  { code: '2000', name: 'Accounts Payable', type: 'liability' },
  { code: '2100', name: 'VAT Payable', type: 'liability' },
  { code: '3000', name: "Owner's Equity", type: 'equity' },
  { code: '4000', name: 'Sales', type: 'income' },
  { code: '4100', name: 'Service Revenue', type: 'income' },
  { code: '5000', name: 'Cost of Goods Sold', type: 'expense' },
  { code: '6000', name: 'Rent', type: 'expense' },
  { code: '6100', name: 'Utilities', type: 'expense' },
  { code: '6200', name: 'Office Supplies', type: 'expense' },
  { code: '6300', name: 'Travel', type: 'expense' },
  { code: '6400', name: 'Meals and Entertainment', type: 'expense' },
  { code: '6500', name: 'Software and Subscriptions', type: 'expense' },
  { code: '6600', name: 'Professional Fees', type: 'expense' },
  { code: '6900', name: 'General Expenses', type: 'expense' },
];

/** Seeded accounts get predictable unique_ids (`acct-5000`), as clients' samples use them. */
export function defaultAccountUniqueId(code: string): string {
  return `acct-${code}`;
}

export interface SeedDefaultChart {
  organisationId: string;
  /** Internal ids come from the caller's IdGenerator. */
  nextId: () => string;
  now: Date;
}

export function seedDefaultChart(input: SeedDefaultChart): Account[] {
  return DEFAULT_CHART_OF_ACCOUNTS.map((entry) =>
    Account.create({
      id: input.nextId(),
      uniqueId: defaultAccountUniqueId(entry.code),
      organisationId: input.organisationId,
      accountCode: entry.code,
      name: entry.name,
      accountType: entry.type,
      now: input.now,
    }),
  );
}
