import { PersonRef } from '../../../application/shared/actor';
import { Address, ADDRESS_LINE_MAX_LENGTH } from '../../../domain/shared/address';
import {
  accountNumberLast4,
  BANK_CODE_MAX_LENGTH,
  BANK_NAME_MAX_LENGTH,
  BankingInformation,
} from '../../../domain/shared/banking-information';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal } from '../../../domain/shared/decimal';
import { BANK_ACCOUNT_TYPES } from '../../../domain/shared/enumerations';
import { wireSchema as s } from './wire-schema';

function dateTime(value: Date): string;
function dateTime(value: Date | null | undefined): string | null;
function dateTime(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

function date(value: CalendarDate): string;
function date(value: CalendarDate | null | undefined): string | null;
function date(value: CalendarDate | null | undefined): string | null {
  return value ? value.toString() : null;
}

function decimal(value: Decimal, places?: number): string;
function decimal(value: Decimal | null | undefined, places?: number): string | null;
function decimal(value: Decimal | null | undefined, places = 2): string | null {
  return value ? value.toFixed(places) : null;
}

function person(ref: PersonRef): { unique_id: string; full_name: string };
function person(ref: PersonRef | null | undefined): { unique_id: string; full_name: string } | null;
function person(ref: PersonRef | null | undefined): { unique_id: string; full_name: string } | null {
  return ref ? { unique_id: ref.uniqueId, full_name: ref.fullName } : null;
}

/** Wire formats every presenter shares: DRF's decimals, dates and date-times; a value in, never null out. */
export const wire = { dateTime, date, decimal, person };

/** `{unique_id, full_name}`: a nested reference to a person. */
export const PERSON_REF_SCHEMA = s.named('PersonRef', s.object<ReturnType<typeof person>>({ unique_id: s.uniqueId(), full_name: s.text() }));

export function presentAddress(address: Address | null) {
  if (!address) return null;
  return {
    address_line_1: address.addressLine1,
    city: address.city,
    province_state: address.provinceState,
    postal_code: address.postalCode,
    country_name: '',
  };
}

const addressLine = s.nullable(s.text({ max: ADDRESS_LINE_MAX_LENGTH }));

/** The address of a person or an organisation. */
export const ADDRESS_SCHEMA = s.named(
  'Address',
  s.object<NonNullable<ReturnType<typeof presentAddress>>>({
    address_line_1: addressLine,
    city: addressLine,
    province_state: addressLine,
    postal_code: addressLine,
    country_name: s.text(),
  }),
);

/** The account number is write-only: only its last four characters leave. */
export function presentBanking(banking: BankingInformation | null) {
  if (!banking) return null;
  return {
    bank_name: banking.bankName,
    account_number_last4: accountNumberLast4(banking),
    branch_code: banking.branchCode,
    account_type: banking.accountType,
    account_type_display: banking.accountType ? BANK_ACCOUNT_TYPES.label(banking.accountType) : null,
    routing_number: banking.routingNumber,
    swift_code: banking.swiftCode,
    date_created: wire.dateTime(banking.dateCreated),
    last_updated: wire.dateTime(banking.lastUpdated),
  };
}

const bankCode = s.nullable(s.text({ max: BANK_CODE_MAX_LENGTH }));

/** The bank details of a person or an organisation. */
export const BANKING_SCHEMA = s.named(
  'BankingInformation',
  s.object<NonNullable<ReturnType<typeof presentBanking>>>({
    bank_name: s.nullable(s.text({ max: BANK_NAME_MAX_LENGTH })),
    account_number_last4: s.nullable(s.text({ max: 4 })),
    branch_code: bankCode,
    account_type: s.nullable(s.choiceOrBlank(BANK_ACCOUNT_TYPES)),
    account_type_display: s.nullable(s.label(BANK_ACCOUNT_TYPES)),
    routing_number: bankCode,
    swift_code: bankCode,
    date_created: s.dateTime(),
    last_updated: s.dateTime(),
  }),
);
