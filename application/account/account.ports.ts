import { Account, AccountType } from '../../domain/account/account';
import { Ordering, Page, PageRequest } from '../shared/page';

export type AccountOrderField = 'accountCode' | 'name' | 'accountType';

export interface AccountFilter {
  accountType?: AccountType;
  isActive?: boolean;
}

export interface AccountRepository {
  findByUniqueId(organisationId: string, uniqueId: string): Promise<Account | null>;
  /** The organisation's accounts among `ids`, in no particular order. */
  findByIds(organisationId: string, ids: string[]): Promise<Account[]>;
  list(
    organisationId: string,
    filter: AccountFilter,
    ordering: Ordering<AccountOrderField>,
    page: PageRequest,
  ): Promise<Page<Account>>;
  existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean>;
  /** Whether an account of the organisation other than `exceptId` has this code. */
  existsWithCode(organisationId: string, accountCode: string, exceptId?: string): Promise<boolean>;
  /** Inserts or updates; a duplicate unique_id or code is a ValidationFailed on that field. */
  save(account: Account): Promise<void>;
  /** Inserts new accounts in one go (the default chart). */
  addAll(accounts: Account[]): Promise<void>;
  /** Throws InUse when something still books to the account. */
  delete(account: Account): Promise<void>;
}

/**
 * Something that books to accounts (expenses, today). Each area that does binds
 * one; an account that any of them uses cannot be deleted.
 */
export interface AccountUsage {
  isAccountUsed(organisationId: string, accountId: string): Promise<boolean>;
}

export const ACCOUNT_CODE_TAKEN = 'account with this account code already exists.';
export const ACCOUNT_UNIQUE_ID_TAKEN = 'account with this unique id already exists.';
export const ACCOUNT_IN_USE = 'This account is used by expenses and cannot be deleted; set it inactive instead.';

export const ACCOUNT_TOKENS = {
  AccountRepository: Symbol.for('AccountRepository'),
  AccountUsage: Symbol.for('AccountUsage'),
} as const;
