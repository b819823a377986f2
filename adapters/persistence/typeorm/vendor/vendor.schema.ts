import { EntitySchema } from 'typeorm';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';
import { columnsFor, Dialect } from '../columns';

export interface VendorRow {
  id: string;
  organisation_id: string;
  unique_id: string;
  name: string;
  /** `name` lower-cased: searched and ordered alike on both engines. */
  name_key: string;
  description: string | null;
  entity_type: string;
  vendor_status: string;
  vendor_category: string;
  industry: string | null;
  website: string | null;
  /** `website` lower-cased, for the search. */
  website_key: string | null;
  company_size: string | null;
  annual_revenue: Decimal | null;
  minimum_order_amount: Decimal | null;
  default_currency: string;
  first_contact_date: CalendarDate | null;
  last_contact_date: CalendarDate | null;
  next_follow_up_date: CalendarDate | null;
  last_order_date: CalendarDate | null;
  contract_start_date: CalendarDate | null;
  contract_end_date: CalendarDate | null;
  quality_rating: Decimal | null;
  delivery_rating: Decimal | null;
  /** JSON of the vendor address. */
  address: string | null;
  /** The bank details, sealed whole (AES-256-GCM): they hold the account number. */
  banking_sealed: string | null;
  created_by_id: string;
  assigned_to_id: string;
  account_owner_id: string;
  date_created: Date;
  last_updated: Date;
}

export function vendorSchemas(dialect: Dialect): EntitySchema[] {
  const c = columnsFor(dialect);
  return [
    new EntitySchema<VendorRow>({
      name: 'Vendor',
      tableName: 'vendors',
      columns: {
        id: c.id(),
        organisation_id: c.ref(),
        unique_id: c.text(100, false),
        name: c.text(300, false),
        name_key: c.text(300, false),
        description: c.text(),
        entity_type: c.text(20, false),
        vendor_status: c.text(20, false),
        vendor_category: c.text(20, false),
        industry: c.text(40),
        website: c.text(300),
        website_key: c.text(300),
        company_size: c.text(100),
        annual_revenue: c.decimal(2, true),
        minimum_order_amount: c.decimal(2, true),
        default_currency: c.text(3, false),
        first_contact_date: c.date(),
        last_contact_date: c.date(),
        next_follow_up_date: c.date(),
        last_order_date: c.date(),
        contract_start_date: c.date(),
        contract_end_date: c.date(),
        quality_rating: c.decimal(2, true),
        delivery_rating: c.decimal(2, true),
        address: c.text(),
        banking_sealed: c.text(),
        created_by_id: c.ref(),
        assigned_to_id: c.ref(),
        account_owner_id: c.ref(),
        date_created: c.timestamp(),
        last_updated: c.timestamp(),
      },
    }),
  ];
}
