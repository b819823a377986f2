import { Address, ADDRESS_LINE_MAX_LENGTH } from '../../../domain/shared/address';
import { accountNumberLast4, BANK_CODE_MAX_LENGTH, BANK_NAME_MAX_LENGTH, BankingInformation } from '../../../domain/shared/banking-information';
import { BANK_ACCOUNT_TYPES } from '../../../domain/shared/enumerations';
import { nestedShape } from '../declared-field';

/** The postal address of a person or an organisation; `country_name` is always written blank (the spec's field, never kept). */
export const ADDRESS_SHAPE = nestedShape<Address>('Address', (n) => [
  n.text('addressLine1', { max: ADDRESS_LINE_MAX_LENGTH, nullable: true }),
  n.text('city', { max: ADDRESS_LINE_MAX_LENGTH, nullable: true }),
  n.text('provinceState', { max: ADDRESS_LINE_MAX_LENGTH, nullable: true }),
  n.text('postalCode', { max: ADDRESS_LINE_MAX_LENGTH, nullable: true }),
  n.derived('countryName', { type: 'text' }, { compute: () => '' }),
]);

/**
 * The bank details of a person or an organisation: the account number is
 * write-only (only its last four characters leave), the codes that identify
 * an account are secrets; the field that holds them is sealed whole.
 */
export const BANKING_SHAPE = nestedShape<BankingInformation>('BankingInformation', (n) => [
  n.text('bankName', { max: BANK_NAME_MAX_LENGTH, nullable: true }),
  n.text('accountNumber', { max: 64, nullable: true, secret: true, writeOnly: true }),
  n.derived('accountNumberLast4', { type: 'text', max: 4 }, { wire: 'account_number_last4', nullable: true, compute: accountNumberLast4 }),
  n.text('branchCode', { max: BANK_CODE_MAX_LENGTH, nullable: true, secret: true }),
  n.choice('accountType', BANK_ACCOUNT_TYPES, { nullable: true, allowBlank: true, display: true }),
  n.text('routingNumber', { max: BANK_CODE_MAX_LENGTH, nullable: true, secret: true }),
  n.text('swiftCode', { max: BANK_CODE_MAX_LENGTH, nullable: true, secret: true }),
  n.timestamp('dateCreated'),
  n.timestamp('lastUpdated'),
]);
