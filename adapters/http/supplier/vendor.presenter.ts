import { VendorView } from '../../../application/supplier/vendor-views';
import { accountNumberLast4 } from '../../../domain/shared/banking-information';
import { BANK_ACCOUNT_TYPES, BUSINESS_CATEGORIES } from '../../../domain/shared/enumerations';
import {
  COMPANY_SIZE_MAX_LENGTH,
  VENDOR_AMOUNT,
  VENDOR_CATEGORIES,
  VENDOR_ENTITY_TYPES,
  VENDOR_NAME_MAX_LENGTH,
  VENDOR_RATING,
  VENDOR_STATUSES,
  VendorSnapshot,
  WEBSITE_MAX_LENGTH,
} from '../../../domain/supplier/vendor';
import { VENDOR_ADDRESS_MAX_LENGTHS, VendorAddress } from '../../../domain/supplier/vendor-address';
import { VENDOR_BANKING_MAX_LENGTHS, VendorBanking } from '../../../domain/supplier/vendor-banking';
import { NoneMissing, UnpresentedFields } from '../shared/field-coverage';
import { PERSON_REF_SCHEMA, wire } from '../shared/present';
import { wireSchema as s } from '../shared/wire-schema';

export function presentVendor(view: VendorView) {
  const v = view.vendor;
  return {
    unique_id: v.uniqueId,
    name: v.name,
    description: v.description,
    entity_type: v.entityType,
    entity_type_display: VENDOR_ENTITY_TYPES.label(v.entityType),
    vendor_status: v.vendorStatus,
    vendor_status_display: VENDOR_STATUSES.label(v.vendorStatus),
    vendor_category: v.vendorCategory,
    vendor_category_display: VENDOR_CATEGORIES.label(v.vendorCategory),
    industry: v.industry,
    industry_display: BUSINESS_CATEGORIES.label(v.industry),
    website: v.website,
    company_size: v.companySize,
    annual_revenue: wire.decimal(v.annualRevenue),
    minimum_order_amount: wire.decimal(v.minimumOrderAmount),
    default_currency: v.defaultCurrency,
    first_contact_date: wire.date(v.firstContactDate),
    last_contact_date: wire.date(v.lastContactDate),
    next_follow_up_date: wire.date(v.nextFollowUpDate),
    last_order_date: wire.date(v.lastOrderDate),
    contract_start_date: wire.date(v.contractStartDate),
    contract_end_date: wire.date(v.contractEndDate),
    quality_rating: wire.decimal(v.qualityRating),
    delivery_rating: wire.decimal(v.deliveryRating),
    address: presentVendorAddress(v.address),
    banking_information: presentVendorBanking(v.bankingInformation),
    created_by: wire.person(view.createdBy),
    assigned_to: wire.person(view.assignedTo),
    account_owner: wire.person(view.accountOwner),
    days_since_last_contact: view.daysSinceLastContact,
    days_since_last_order: view.daysSinceLastOrder,
    is_follow_up_overdue: view.isFollowUpOverdue,
    is_contract_active: view.isContractActive,
    date_created: wire.dateTime(v.dateCreated),
    last_updated: wire.dateTime(v.lastUpdated),
  };
}

function presentVendorAddress(address: VendorAddress | null) {
  if (!address) return null;
  return {
    address_line_1: address.addressLine1,
    address_line_2: address.addressLine2,
    city: address.city,
    province_state: address.provinceState,
    postal_code: address.postalCode,
    country: address.country,
    phone: address.phone,
  };
}

/**
 * A vendor's bank details are where the organisation pays: its members see the
 * account number, as the spec's vendor samples show it (it stays sealed at
 * rest), with its last four characters beside it as people's banking has them.
 */
function presentVendorBanking(banking: VendorBanking | null) {
  if (!banking) return null;
  return {
    bank_name: banking.bankName,
    account_number: banking.accountNumber,
    account_number_last4: accountNumberLast4(banking),
    branch_code: banking.branchCode,
    account_type: banking.accountType,
    routing_number: banking.routingNumber,
    swift_code: banking.swiftCode,
  };
}

const text = (max: number) => s.nullable(s.text({ max }));
const date = s.nullable(s.date());
const person = s.nullable(PERSON_REF_SCHEMA);

const VENDOR_ADDRESS_SCHEMA = s.named(
  'VendorAddress',
  s.object<NonNullable<ReturnType<typeof presentVendorAddress>>>({
    address_line_1: text(VENDOR_ADDRESS_MAX_LENGTHS.addressLine1),
    address_line_2: text(VENDOR_ADDRESS_MAX_LENGTHS.addressLine2),
    city: text(VENDOR_ADDRESS_MAX_LENGTHS.city),
    province_state: text(VENDOR_ADDRESS_MAX_LENGTHS.provinceState),
    postal_code: text(VENDOR_ADDRESS_MAX_LENGTHS.postalCode),
    country: text(VENDOR_ADDRESS_MAX_LENGTHS.country),
    phone: text(VENDOR_ADDRESS_MAX_LENGTHS.phone),
  }),
);

const VENDOR_BANKING_SCHEMA = s.named(
  'VendorBanking',
  s.object<NonNullable<ReturnType<typeof presentVendorBanking>>>({
    bank_name: text(VENDOR_BANKING_MAX_LENGTHS.bankName),
    account_number: text(VENDOR_BANKING_MAX_LENGTHS.accountNumber),
    account_number_last4: s.nullable(s.text({ max: 4 })),
    branch_code: text(VENDOR_BANKING_MAX_LENGTHS.branchCode),
    account_type: s.nullable(s.choiceOrBlank(BANK_ACCOUNT_TYPES)),
    routing_number: text(VENDOR_BANKING_MAX_LENGTHS.routingNumber),
    swift_code: text(VENDOR_BANKING_MAX_LENGTHS.swiftCode),
  }),
);

/** What `presentVendor` writes. */
export const VENDOR_SCHEMA = s.named(
  'Vendor',
  s.object<ReturnType<typeof presentVendor>>({
    unique_id: s.uniqueId(),
    name: s.text({ min: 1, max: VENDOR_NAME_MAX_LENGTH }),
    description: s.nullable(s.text()),
    entity_type: s.choice(VENDOR_ENTITY_TYPES),
    entity_type_display: s.label(VENDOR_ENTITY_TYPES),
    vendor_status: s.choice(VENDOR_STATUSES),
    vendor_status_display: s.label(VENDOR_STATUSES),
    vendor_category: s.choice(VENDOR_CATEGORIES),
    vendor_category_display: s.label(VENDOR_CATEGORIES),
    industry: s.nullable(s.choice(BUSINESS_CATEGORIES)),
    industry_display: s.nullable(s.label(BUSINESS_CATEGORIES)),
    website: s.nullable(s.uri(WEBSITE_MAX_LENGTH)),
    company_size: text(COMPANY_SIZE_MAX_LENGTH),
    annual_revenue: s.nullable(s.decimal(VENDOR_AMOUNT)),
    minimum_order_amount: s.nullable(s.decimal(VENDOR_AMOUNT)),
    default_currency: s.currency(),
    first_contact_date: date,
    last_contact_date: date,
    next_follow_up_date: date,
    last_order_date: date,
    contract_start_date: date,
    contract_end_date: date,
    quality_rating: s.nullable(s.decimal(VENDOR_RATING)),
    delivery_rating: s.nullable(s.decimal(VENDOR_RATING)),
    address: s.nullable(VENDOR_ADDRESS_SCHEMA),
    banking_information: s.nullable(VENDOR_BANKING_SCHEMA),
    created_by: person,
    assigned_to: person,
    account_owner: person,
    days_since_last_contact: s.nullable(s.integer()),
    days_since_last_order: s.nullable(s.integer()),
    is_follow_up_overdue: s.boolean(),
    is_contract_active: s.boolean(),
    date_created: s.dateTime(),
    last_updated: s.dateTime(),
  }),
);

// Every field reaches the wire (see field-coverage.ts); the people as nested references.
type VendorPeopleIds = 'createdById' | 'assignedToId' | 'accountOwnerId';
export type VendorFieldsPresented = NoneMissing<
  UnpresentedFields<VendorSnapshot, ReturnType<typeof presentVendor>, 'id' | 'organisationId' | VendorPeopleIds> & string
>;
