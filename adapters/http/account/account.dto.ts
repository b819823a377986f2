import { AccountFilters, AccountOrderingField } from '../../../application/account/account.ports';
import { ACCOUNT_CODE_MAX_LENGTH, ACCOUNT_NAME_MAX_LENGTH, ACCOUNT_TYPES, AccountChanges, AccountType } from '../../../domain/account/account';
import { fields } from '../validation/fields';
import { Input } from '../validation/input';
import { filters, Orderings } from '../validation/query';
import { NoneMissing, UnboundFields } from '../shared/field-coverage';

export class AccountInput {
  @Input('unique_id', fields.uniqueId()) uniqueId?: string;
  @Input('account_code', fields.text({ required: true, max: ACCOUNT_CODE_MAX_LENGTH })) accountCode?: string;
  @Input('name', fields.text({ required: true, max: ACCOUNT_NAME_MAX_LENGTH })) name?: string;
  @Input('account_type', fields.choice(ACCOUNT_TYPES, { required: true })) accountType?: AccountType;
  @Input('description', fields.text({ nullable: true })) description?: string | null;
  @Input('is_active', fields.boolean()) isActive?: boolean;
}

export type NewAccountInput = AccountInput & Required<Pick<AccountInput, 'accountCode' | 'name' | 'accountType'>>;

/** django-filter's BooleanFilter spellings. */
const BOOLEAN_FILTER: Readonly<Record<string, boolean>> = {
  true: true,
  True: true,
  '1': true,
  false: false,
  False: false,
  '0': false,
};

/** The list's filters (`AccountFilters` of the account ports). */
export class AccountFilterInput implements AccountFilters {
  @Input('account_type', filters.choice(ACCOUNT_TYPES)) accountType?: AccountType;
  @Input('is_active', filters.mapped(BOOLEAN_FILTER)) isActive?: boolean;
}

export const ACCOUNT_ORDERINGS: Orderings<AccountOrderingField> = {
  choices: { account_code: 'accountCode', name: 'name', account_type: 'accountType' },
  default: { field: 'accountCode', descending: false },
};

// Every field the changes take is read from the body (see field-coverage.ts).
export type AccountFieldsBound = NoneMissing<UnboundFields<AccountChanges, AccountInput> & string>;
