import { accountNumberLast4 } from '../../../domain/shared/banking-information';
import { BANK_ACCOUNT_TYPES, BUSINESS_CATEGORIES } from '../../../domain/shared/enumerations';
import {
  COMPANY_SIZE_MAX_LENGTH,
  VENDOR_AMOUNT,
  VENDOR_CATEGORIES,
  VENDOR_ENTITY_TYPES,
  VENDOR_IN_USE,
  VENDOR_NAME_MAX_LENGTH,
  VENDOR_RATING,
  VENDOR_STATUSES,
  Vendor,
  VendorSnapshot,
  WEBSITE_MAX_LENGTH,
} from '../../../domain/supplier/vendor';
import { VENDOR_ADDRESS_MAX_LENGTHS as ADDRESS, VendorAddress } from '../../../domain/supplier/vendor-address';
import { VENDOR_BANKING_MAX_LENGTHS as BANKING, VendorBanking } from '../../../domain/supplier/vendor-banking';
import { fieldsOf, nestedShape } from '../declared-field';
import { declareResource } from '../resource-declaration';

const f = fieldsOf<VendorSnapshot>();

const address = nestedShape<VendorAddress>('VendorAddress', (n) => [
  n.text('addressLine1', { max: ADDRESS.addressLine1, nullable: true }),
  n.text('addressLine2', { max: ADDRESS.addressLine2, nullable: true }),
  n.text('city', { max: ADDRESS.city, nullable: true }),
  n.text('provinceState', { max: ADDRESS.provinceState, nullable: true }),
  n.text('postalCode', { max: ADDRESS.postalCode, nullable: true }),
  n.text('country', { max: ADDRESS.country, nullable: true }),
  n.text('phone', { max: ADDRESS.phone, nullable: true }),
]);

/**
 * A vendor's bank details are where the organisation pays: its members read
 * the account number back, as the spec's samples show it, with its last four
 * characters beside it; at rest the whole is sealed.
 */
const banking = nestedShape<VendorBanking>('VendorBanking', (n) => [
  n.text('bankName', { max: BANKING.bankName, nullable: true }),
  n.text('accountNumber', { max: BANKING.accountNumber, nullable: true, secret: true }),
  n.derived('accountNumberLast4', { type: 'text', max: 4 }, { wire: 'account_number_last4', nullable: true, compute: accountNumberLast4 }),
  n.text('branchCode', { max: BANKING.branchCode, nullable: true, secret: true }),
  n.choice('accountType', BANK_ACCOUNT_TYPES, { nullable: true, allowBlank: true }),
  n.text('routingNumber', { max: BANKING.routingNumber, nullable: true, secret: true }),
  n.text('swiftCode', { max: BANKING.swiftCode, nullable: true, secret: true }),
]);

/** `/organisation/{org}/vendors/` (spec Part 4). */
export const VENDOR_DECLARATION = declareResource<VendorSnapshot>()({
  names: { one: 'vendor', many: 'vendors' },
  schemaName: 'Vendor',
  tagDescription: 'Vendors (suppliers).',
  keyArea: 'vendors',
  tagAfter: 'Leads',
  table: 'vendors',
  restore: Vendor.restore,
  defaultOrdering: 'name',
  orderings: ['name', 'vendor_status', 'quality_rating', 'last_contact_date', 'date_created'],
  fields: [
    f.uniqueId(),
    f.text('name', { max: VENDOR_NAME_MAX_LENGTH, required: true, folded: true, searched: true, ordering: true }),
    f.text('description', { nullable: true }),
    f.choice('entityType', VENDOR_ENTITY_TYPES, { display: true, filter: 'entity_type' }),
    f.choice('vendorStatus', VENDOR_STATUSES, { display: true, filter: 'status', ordering: true }),
    f.choice('vendorCategory', VENDOR_CATEGORIES, { display: true, filter: 'category' }),
    f.choice('industry', BUSINESS_CATEGORIES, { nullable: true, display: true, filter: 'industry', columnLength: 40 }),
    f.url('website', { max: WEBSITE_MAX_LENGTH, nullable: true, folded: true, searched: true }),
    f.text('companySize', { max: COMPANY_SIZE_MAX_LENGTH, nullable: true }),
    f.decimal('annualRevenue', VENDOR_AMOUNT, { nullable: true }),
    f.decimal('minimumOrderAmount', VENDOR_AMOUNT, { nullable: true }),
    f.currency('defaultCurrency'),
    f.date('firstContactDate', { nullable: true }),
    f.date('lastContactDate', { nullable: true, ordering: true }),
    f.date('nextFollowUpDate', { nullable: true }),
    f.date('lastOrderDate', { nullable: true }),
    f.date('contractStartDate', { nullable: true }),
    f.date('contractEndDate', { nullable: true }),
    f.decimal('qualityRating', VENDOR_RATING, { nullable: true, ordering: true }),
    f.decimal('deliveryRating', VENDOR_RATING, { nullable: true }),
    f.nested('address', address, { nullable: true }),
    f.nested('bankingInformation', banking, { nullable: true, secret: true, column: 'banking_sealed' }),
    f.person('createdById', 'created_by'),
    // Given to a member by unique_id (write-only); shown as the person (`assigned_to`). Left out: the creator (docs/decisions/leads-vendors.md).
    f.reference('assignedToId', 'persons', 'assigned_to_id', {
      writeOnly: true,
      description: 'The member it is assigned to, by unique_id: the creator when left out on a create, unchanged when left out on an update.',
    }),
    f.derived('assignedTo', { type: 'person' }, { compute: (vendor) => vendor.assignedToId }),
    f.person('accountOwnerId', 'account_owner'),
    f.derived('daysSinceLastContact', { type: 'integer' }, { nullable: true }),
    f.derived('daysSinceLastOrder', { type: 'integer' }, { nullable: true }),
    f.derived('isFollowUpOverdue', { type: 'boolean' }),
    f.derived('isContractActive', { type: 'boolean' }),
    f.timestamp('dateCreated', { ordering: true }),
    f.timestamp('lastUpdated'),
  ],
  storage: {
    counted: true,
    inUse: VENDOR_IN_USE,
    indices: [
      { name: 'ix_vendors_org_name', columns: ['organisation_id', 'name_key', 'id'] },
      { name: 'ix_vendors_org_status', columns: ['organisation_id', 'vendor_status', 'name_key', 'id'] },
      { name: 'ix_vendors_org_category', columns: ['organisation_id', 'vendor_category', 'name_key', 'id'] },
      { name: 'ix_vendors_org_entity_type', columns: ['organisation_id', 'entity_type', 'name_key', 'id'] },
      { name: 'ix_vendors_org_industry', columns: ['organisation_id', 'industry', 'name_key', 'id'] },
      { name: 'ix_vendors_org_status_order', columns: ['organisation_id', 'vendor_status', 'id'] },
      { name: 'ix_vendors_org_created', columns: ['organisation_id', 'date_created', 'id'] },
      { name: 'ix_vendors_org_follow_up', columns: ['organisation_id', 'next_follow_up_date', 'name_key', 'id'] },
      { name: 'ix_vendors_org_contract_end', columns: ['organisation_id', 'contract_end_date', 'name_key', 'id'] },
    ],
  },
});
