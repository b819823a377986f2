import { ACCOUNT_CODE_MAX_LENGTH, ACCOUNT_NAME_MAX_LENGTH, ACCOUNT_TYPES, AccountSnapshot } from '../../../domain/account/account';
import { wireSchema as s } from '../shared/wire-schema';
import { NoneMissing, UnpresentedFields } from '../shared/field-coverage';

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

/** What `presentAccount` writes. */
export const ACCOUNT_SCHEMA = s.named(
  'Account',
  s.object<ReturnType<typeof presentAccount>>({
    unique_id: s.uniqueId(),
    account_code: s.text({ max: ACCOUNT_CODE_MAX_LENGTH }),
    name: s.text({ max: ACCOUNT_NAME_MAX_LENGTH }),
    account_type: s.choice(ACCOUNT_TYPES),
    description: s.nullable(s.text()),
    is_active: s.boolean(),
  }),
);

// Every field reaches the wire (see field-coverage.ts) but the dates, which contract section 5 leaves out.
export type AccountFieldsPresented = NoneMissing<
  UnpresentedFields<AccountSnapshot, ReturnType<typeof presentAccount>, 'id' | 'organisationId' | 'dateCreated' | 'lastUpdated'> & string
>;
