import { Account, AccountType } from '../../domain/account/account';
import { ListQuery, Page } from '../shared/page';

export type AccountOrderingField = 'accountCode' | 'name' | 'accountType';

export interface AccountFilters {
  accountType?: AccountType;
  isActive?: boolean;
}

export type AccountListQuery = ListQuery<AccountFilters, AccountOrderingField>;

export interface AccountRepository {
  /** `forUpdate` locks the row until the current transaction ends (writers that read, then write, use it). */
  findByUniqueId(organisationId: string, uniqueId: string, options?: { forUpdate?: boolean }): Promise<Account | null>;
  /** The organisation's accounts among `ids`, in no particular order. */
  findByIds(organisationId: string, ids: string[]): Promise<Account[]>;
  list(organisationId: string, query: AccountListQuery): Promise<Page<Account>>;
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
