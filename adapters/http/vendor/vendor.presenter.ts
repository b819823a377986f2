import { VendorView } from '../../../application/vendor/vendor-views';
import { accountNumberLast4 } from '../../../domain/shared/banking-information';
import { BUSINESS_CATEGORIES } from '../../../domain/shared/enumerations';
import { VENDOR_CATEGORIES, VENDOR_ENTITY_TYPES, VENDOR_STATUSES } from '../../../domain/vendor/vendor';
import { VendorAddress } from '../../../domain/vendor/vendor-address';
import { VendorBanking } from '../../../domain/vendor/vendor-banking';
import { wire } from '../shared/present';

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

/** The account number is write-only, as for people and organisations: only its last four characters leave. */
function presentVendorBanking(banking: VendorBanking | null) {
  if (!banking) return null;
  return {
    bank_name: banking.bankName,
    account_number_last4: accountNumberLast4(banking),
    branch_code: banking.branchCode,
    account_type: banking.accountType,
    routing_number: banking.routingNumber,
    swift_code: banking.swiftCode,
  };
}
