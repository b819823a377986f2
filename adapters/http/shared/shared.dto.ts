import { ADDRESS_LINE_MAX_LENGTH } from '../../../domain/shared/address';
import { BANK_CODE_MAX_LENGTH, BANK_NAME_MAX_LENGTH } from '../../../domain/shared/banking-information';
import { BANK_ACCOUNT_TYPES, BankAccountType } from '../../../domain/shared/enumerations';
import { fields } from '../validation/fields';
import { Input } from '../validation/input';

const line = () => fields.text({ max: ADDRESS_LINE_MAX_LENGTH, nullable: true });

export class AddressInput {
  @Input('address_line_1', line()) addressLine1?: string | null;
  @Input('city', line()) city?: string | null;
  @Input('province_state', line()) provinceState?: string | null;
  @Input('postal_code', line()) postalCode?: string | null;
}

const code = () => fields.text({ max: BANK_CODE_MAX_LENGTH, nullable: true });

export class BankingInput {
  @Input('bank_name', fields.text({ max: BANK_NAME_MAX_LENGTH, nullable: true })) bankName?: string | null;
  @Input('account_number', fields.text({ max: 64, nullable: true })) accountNumber?: string | null;
  @Input('branch_code', code()) branchCode?: string | null;
  @Input('account_type', fields.choice(BANK_ACCOUNT_TYPES, { nullable: true, allowBlank: true })) accountType?: BankAccountType | '' | null;
  @Input('routing_number', code()) routingNumber?: string | null;
  @Input('swift_code', code()) swiftCode?: string | null;
}
