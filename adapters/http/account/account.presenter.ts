import { AccountSnapshot } from '../../../domain/account/account';

/** The fields contract section 5 lists, nothing more. */
export function presentAccount(account: AccountSnapshot) {
  return {
    unique_id: account.uniqueId,
    account_code: account.accountCode,
    name: account.name,
    account_type: account.accountType,
    description: account.description,
    is_active: account.isActive,
  };
}
