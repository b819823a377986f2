import { VendorFilters, VendorOrderingField } from '../../../application/supplier/vendor.ports';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { isCurrencyCode } from '../../../domain/shared/currency';
import { Decimal } from '../../../domain/shared/decimal';
import { BANK_ACCOUNT_TYPES, BankAccountType, BUSINESS_CATEGORIES, BusinessCategory } from '../../../domain/shared/enumerations';
import {
  COMPANY_SIZE_MAX_LENGTH,
  VENDOR_AMOUNT,
  VENDOR_CATEGORIES,
  VENDOR_ENTITY_TYPES,
  VENDOR_NAME_MAX_LENGTH,
  VENDOR_RATING,
  VENDOR_STATUSES,
  VendorCategory,
  VendorChanges,
  VendorEntityType,
  VendorStatus,
  WEBSITE_MAX_LENGTH,
} from '../../../domain/supplier/vendor';
import { VENDOR_ADDRESS_MAX_LENGTHS } from '../../../domain/supplier/vendor-address';
import { VENDOR_BANKING_MAX_LENGTHS } from '../../../domain/supplier/vendor-banking';
import { NoneMissing, UnboundFields } from '../shared/field-coverage';
import { fields } from '../validation/fields';
import { Input, nested } from '../validation/input';
import { filters, Orderings, SEARCH_DESCRIPTION } from '../validation/query';

const text = (max: number) => fields.text({ max, nullable: true });
const optionalDate = () => fields.date({ nullable: true });

export class VendorAddressInput {
  @Input('address_line_1', text(VENDOR_ADDRESS_MAX_LENGTHS.addressLine1)) addressLine1?: string | null;
  @Input('address_line_2', text(VENDOR_ADDRESS_MAX_LENGTHS.addressLine2)) addressLine2?: string | null;
  @Input('city', text(VENDOR_ADDRESS_MAX_LENGTHS.city)) city?: string | null;
  @Input('province_state', text(VENDOR_ADDRESS_MAX_LENGTHS.provinceState)) provinceState?: string | null;
  @Input('postal_code', text(VENDOR_ADDRESS_MAX_LENGTHS.postalCode)) postalCode?: string | null;
  @Input('country', text(VENDOR_ADDRESS_MAX_LENGTHS.country)) country?: string | null;
  @Input('phone', text(VENDOR_ADDRESS_MAX_LENGTHS.phone)) phone?: string | null;
}

/** Members read `account_number` back, with `account_number_last4` beside it (see the vendor presenter). */
export class VendorBankingInput {
  @Input('bank_name', text(VENDOR_BANKING_MAX_LENGTHS.bankName)) bankName?: string | null;
  @Input('account_number', text(VENDOR_BANKING_MAX_LENGTHS.accountNumber)) accountNumber?: string | null;
  @Input('branch_code', text(VENDOR_BANKING_MAX_LENGTHS.branchCode)) branchCode?: string | null;
  @Input('account_type', fields.choice(BANK_ACCOUNT_TYPES, { nullable: true, allowBlank: true }))
  accountType?: BankAccountType | '' | null;
  @Input('routing_number', text(VENDOR_BANKING_MAX_LENGTHS.routingNumber)) routingNumber?: string | null;
  @Input('swift_code', text(VENDOR_BANKING_MAX_LENGTHS.swiftCode)) swiftCode?: string | null;
}

/** The writable vendor fields of Part 4 (read-only and derived ones are not declared, so ignored). */
export class VendorInput {
  @Input('unique_id', fields.uniqueId()) uniqueId?: string;
  @Input('name', fields.text({ required: true, max: VENDOR_NAME_MAX_LENGTH })) name?: string;
  @Input('description', fields.text({ nullable: true })) description?: string | null;
  @Input('entity_type', fields.choice(VENDOR_ENTITY_TYPES)) entityType?: VendorEntityType;
  @Input('vendor_status', fields.choice(VENDOR_STATUSES)) vendorStatus?: VendorStatus;
  @Input('vendor_category', fields.choice(VENDOR_CATEGORIES)) vendorCategory?: VendorCategory;
  @Input('industry', fields.choice(BUSINESS_CATEGORIES, { nullable: true })) industry?: BusinessCategory | null;
  @Input('website', fields.url({ max: WEBSITE_MAX_LENGTH, nullable: true })) website?: string | null;
  @Input('company_size', text(COMPANY_SIZE_MAX_LENGTH)) companySize?: string | null;
  @Input('annual_revenue', fields.decimal(VENDOR_AMOUNT, { nullable: true })) annualRevenue?: Decimal | null;
  @Input('minimum_order_amount', fields.decimal(VENDOR_AMOUNT, { nullable: true })) minimumOrderAmount?: Decimal | null;
  @Input('default_currency', fields.currency(isCurrencyCode)) defaultCurrency?: string;
  @Input('first_contact_date', optionalDate()) firstContactDate?: CalendarDate | null;
  @Input('last_contact_date', optionalDate()) lastContactDate?: CalendarDate | null;
  @Input('next_follow_up_date', optionalDate()) nextFollowUpDate?: CalendarDate | null;
  @Input('last_order_date', optionalDate()) lastOrderDate?: CalendarDate | null;
  @Input('contract_start_date', optionalDate()) contractStartDate?: CalendarDate | null;
  @Input('contract_end_date', optionalDate()) contractEndDate?: CalendarDate | null;
  @Input('quality_rating', fields.decimal(VENDOR_RATING, { nullable: true })) qualityRating?: Decimal | null;
  @Input('delivery_rating', fields.decimal(VENDOR_RATING, { nullable: true })) deliveryRating?: Decimal | null;
  @Input('address', nested(VendorAddressInput, { nullable: true })) address?: VendorAddressInput | null;
  @Input('banking_information', nested(VendorBankingInput, { nullable: true }))
  bankingInformation?: VendorBankingInput | null;
}

export type NewVendorInput = VendorInput & { name: string };

/** The list's filters (`VendorFilters` of the vendor ports). */
export class VendorFilterInput implements VendorFilters {
  @Input('category', filters.choice(VENDOR_CATEGORIES)) category?: VendorCategory;
  @Input('entity_type', filters.choice(VENDOR_ENTITY_TYPES)) entityType?: VendorEntityType;
  @Input('industry', filters.choice(BUSINESS_CATEGORIES)) industry?: BusinessCategory;
  @Input('search', filters.text(), { description: SEARCH_DESCRIPTION }) search?: string;
  @Input('status', filters.choice(VENDOR_STATUSES)) status?: VendorStatus;
}

export const VENDOR_ORDERINGS: Orderings<VendorOrderingField> = {
  choices: {
    name: 'name',
    vendor_status: 'vendorStatus',
    quality_rating: 'qualityRating',
    last_contact_date: 'lastContactDate',
    date_created: 'dateCreated',
  },
  default: { field: 'name', descending: false },
};

// Every field the changes take is read from the body (see field-coverage.ts).
export type VendorFieldsBound = NoneMissing<UnboundFields<VendorChanges, VendorInput> & string>;
