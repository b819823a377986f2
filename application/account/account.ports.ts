import { Account } from '../../domain/account/account';
import { RecordRepository } from '../records/record.ports';

/** The chart of accounts; its list orders by `account_code`, `name` or `account_type` and filters by `account_type` and `is_active`. */
export type AccountRepository = RecordRepository<Account>;

/**
 * Something that books to accounts (expenses, today). Each area that does binds
 * one; an account that any of them uses cannot be deleted.
 */
export interface AccountUsage {
  isAccountUsed(organisationId: string, accountId: string): Promise<boolean>;
}

export const ACCOUNT_IN_USE = 'This account is used by expenses and cannot be deleted; set it inactive instead.';

export const ACCOUNT_TOKENS = {
  AccountRepository: Symbol.for('AccountRepository'),
  AccountUsage: Symbol.for('AccountUsage'),
} as const;
