import { EntitySchema } from 'typeorm';
import { column as c, Dialect, entityColumns, organisationKey, references, RowOf, uniqueIdPerOrganisation } from '../columns';
import { searchIndices } from '../search-index';

const vendorColumns = {
  id: c.id(),
  organisation_id: c.ref(),
  unique_id: c.varchar(100),
  name: c.varchar(300),
  /** `name` lower-cased: searched and ordered alike on both engines. */
  name_key: c.varchar(300).bytewise(),
  description: c.text().nullable(),
  entity_type: c.varchar(20),
  vendor_status: c.varchar(20),
  vendor_category: c.varchar(20),
  industry: c.varchar(40).nullable(),
  website: c.varchar(300).nullable(),
  /** `website` lower-cased, for the search. */
  website_key: c.varchar(300).bytewise().nullable(),
  company_size: c.varchar(100).nullable(),
  annual_revenue: c.decimal().nullable(),
  minimum_order_amount: c.decimal().nullable(),
  default_currency: c.varchar(3),
  first_contact_date: c.date().nullable(),
  last_contact_date: c.date().nullable(),
  next_follow_up_date: c.date().nullable(),
  last_order_date: c.date().nullable(),
  contract_start_date: c.date().nullable(),
  contract_end_date: c.date().nullable(),
  quality_rating: c.decimal().nullable(),
  delivery_rating: c.decimal().nullable(),
  /** JSON of the vendor address. */
  address: c.text().nullable(),
  /** The bank details, sealed whole (AES-256-GCM): they hold the account number. */
  banking_sealed: c.text().nullable(),
  created_by_id: c.ref(),
  assigned_to_id: c.ref(),
  account_owner_id: c.ref(),
  date_created: c.timestamp(),
  last_updated: c.timestamp(),
};

export type VendorRow = RowOf<typeof vendorColumns>;

export function vendorSchemas(dialect: Dialect): EntitySchema[] {
  return [
    new EntitySchema<VendorRow>({
      name: 'Vendor',
      tableName: 'vendors',
      columns: entityColumns(dialect, vendorColumns),
      uniques: [uniqueIdPerOrganisation('vendors')],
      foreignKeys: [
        organisationKey(),
        references('persons', ['created_by_id']),
        references('persons', ['assigned_to_id']),
        references('persons', ['account_owner_id']),
      ],
      indices: [
        ...searchIndices(dialect, 'vendors'),
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
    }),
  ];
}
