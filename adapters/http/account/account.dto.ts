import { Expose } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { ACCOUNT_CODE_MAX_LENGTH, ACCOUNT_NAME_MAX_LENGTH, ACCOUNT_TYPES, AccountType } from '../../../domain/account/account';
import { fields } from '../validation/fields';
import { Input } from '../validation/input';
import { IsChoiceOf, ListQuery } from '../validation/list-query';
import { BlankAsAbsent } from '../validation/list-query';

export class AccountInput {
  @Input('unique_id', fields.uniqueId()) uniqueId?: string;
  @Input('account_code', fields.text({ required: true, max: ACCOUNT_CODE_MAX_LENGTH })) accountCode?: string;
  @Input('name', fields.text({ required: true, max: ACCOUNT_NAME_MAX_LENGTH })) name?: string;
  @Input('account_type', fields.choice(ACCOUNT_TYPES, { required: true })) accountType?: AccountType;
  @Input('description', fields.text({ nullable: true })) description?: string | null;
  @Input('is_active', fields.boolean()) isActive?: boolean;
}

export type NewAccountInput = AccountInput & Required<Pick<AccountInput, 'accountCode' | 'name' | 'accountType'>>;

export const ACCOUNT_ORDERING = { account_code: 'accountCode', name: 'name', account_type: 'accountType' } as const;

/** django-filter's BooleanFilter values. */
export const BOOLEAN_FILTER: Readonly<Record<string, boolean>> = {
  true: true,
  True: true,
  '1': true,
  false: false,
  False: false,
  '0': false,
};

export class AccountListParams extends ListQuery {
  @Expose() @BlankAsAbsent() @IsOptional() @IsChoiceOf(ACCOUNT_TYPES)
  account_type?: AccountType;

  @Expose() @BlankAsAbsent() @IsOptional() @IsChoiceOf(Object.keys(BOOLEAN_FILTER))
  is_active?: string;
}
