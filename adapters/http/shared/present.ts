import { PersonRef } from '../../../application/shared/actor';
import { Address } from '../../../domain/shared/address';
import { accountNumberLast4, BankingInformation } from '../../../domain/shared/banking-information';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal } from '../../../domain/shared/decimal';
import { BANK_ACCOUNT_TYPES } from '../../../domain/shared/enumerations';

/** Wire formats every presenter shares: DRF's decimals, dates and date-times. */
export const wire = {
  dateTime: (value: Date | null | undefined): string | null => (value ? value.toISOString() : null),
  date: (value: CalendarDate | null | undefined): string | null => (value ? value.toString() : null),
  decimal: (value: Decimal | null | undefined, places = 2): string | null => (value ? value.toFixed(places) : null),
  person: (ref: PersonRef | null | undefined) => (ref ? { unique_id: ref.uniqueId, full_name: ref.fullName } : null),
};

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
