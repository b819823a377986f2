import { UniqueField } from '../shared/uniqueness';
import { ACCOUNT_CODE_TAKEN, ACCOUNT_UNIQUE_ID_TAKEN, AccountRepository } from './account.ports';

/** An account's unique_id and code, each to be free in the organisation (`exceptId`: the account being changed). */
export function accountUniqueFields(
  accounts: AccountRepository,
  organisationId: string,
  candidate: { uniqueId?: string; accountCode?: string },
  exceptId?: string,
): UniqueField[] {
  return [
    {
      field: 'unique_id',
      message: ACCOUNT_UNIQUE_ID_TAKEN,
      value: candidate.uniqueId,
      isTaken: (uniqueId) => accounts.existsWithUniqueId(organisationId, uniqueId),
    },
    {
      field: 'account_code',
      message: ACCOUNT_CODE_TAKEN,
      value: candidate.accountCode,
      isTaken: (code) => accounts.existsWithCode(organisationId, code, exceptId),
    },
  ];
}
