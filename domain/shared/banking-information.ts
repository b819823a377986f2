import { BankAccountType } from './enumerations';

/**
 * Bank details of a person or an organisation. The account number is held
 * here in clear only in memory: the storage adapter encrypts it, and the API
 * shows nothing but its last four characters.
 */
export interface BankingInformation {
  bankName: string | null;
  accountNumber: string | null;
  branchCode: string | null;
  accountType: BankAccountType | '' | null;
  routingNumber: string | null;
  swiftCode: string | null;
  dateCreated: Date;
  lastUpdated: Date;
}

export type BankingDetails = Omit<BankingInformation, 'dateCreated' | 'lastUpdated'>;

export const BANK_NAME_MAX_LENGTH = 200;
export const BANK_CODE_MAX_LENGTH = 50;

export function accountNumberLast4(banking: Pick<BankingInformation, 'accountNumber'>): string | null {
  const number = banking.accountNumber?.replace(/\s+/g, '');
  return number ? number.slice(-4) : null;
}

/** Applies changes to the bank details, stamping when they were created and changed. */
export function changeBanking(
  current: BankingInformation | null,
  changes: Partial<BankingDetails> | null | undefined,
  now: Date,
): BankingInformation | null {
  if (changes === undefined) return current;
  if (changes === null) return null;
  const base: BankingInformation = current ?? {
    bankName: null,
    accountNumber: null,
    branchCode: null,
    accountType: null,
    routingNumber: null,
    swiftCode: null,
    dateCreated: now,
    lastUpdated: now,
  };
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  return { ...base, ...defined, lastUpdated: now };
}
