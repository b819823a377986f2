import { EntitySchema } from 'typeorm';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';
import { columnsFor, Dialect } from '../columns';

export interface OrganisationRow {
  id: string;
  unique_id: string;
  owner_id: string;
  name: string;
  language: string | null;
  business_description: string | null;
  business_category: string | null;
  other_category: string | null;
  how_did_you_hear_about_us: string | null;
  business_website: string | null;
  vat_number: string | null;
  logo_url: string | null;
  setup_done: boolean;
  address: string | null;
  banking_sealed: string | null;
  default_currency: string;
  default_vat_rate: Decimal;
  financial_year_end: string;
  accounting_method: string;
  reporting_currency: string;
  enable_multi_currency: boolean;
  auto_close_financial_year: boolean;
  retain_transaction_history: boolean;
  financial_year_lock_date: CalendarDate | null;
  /** JSON object of the nine AI agent switches. */
  ai_agents: string;
  billing_customer_id: string | null;
  monthly_ai_credits_allocated: Decimal;
  monthly_ai_credits_used: Decimal;
  last_monthly_reset_date: CalendarDate | null;
  current_billing_cycle_start: CalendarDate | null;
  current_billing_cycle_end: CalendarDate | null;
  purchased_seats: number;
  date_created: Date;
  last_updated: Date;
}

export interface MembershipRow {
  organisation_id: string;
  person_id: string;
  role: string;
  date_joined: Date;
}

export function organisationSchemas(dialect: Dialect): EntitySchema[] {
  const c = columnsFor(dialect);
  return [
    new EntitySchema<OrganisationRow>({
      name: 'Organisation',
      tableName: 'organisations',
      columns: {
        id: c.id(),
        unique_id: c.text(100, false),
        owner_id: c.ref(),
        name: c.text(200, false),
        language: c.text(10),
        business_description: c.text(),
        business_category: c.text(40),
        other_category: c.text(),
        how_did_you_hear_about_us: c.text(40),
        business_website: c.text(300),
        vat_number: c.text(100),
        logo_url: c.text(),
        setup_done: c.boolean(),
        address: c.text(),
        banking_sealed: c.text(),
        default_currency: c.text(3, false),
        default_vat_rate: c.decimal(),
        financial_year_end: c.text(5, false),
        accounting_method: c.text(10, false),
        reporting_currency: c.text(3, false),
        enable_multi_currency: c.boolean(),
        auto_close_financial_year: c.boolean(),
        retain_transaction_history: c.boolean(),
        financial_year_lock_date: c.date(),
        ai_agents: c.text(undefined, false),
        billing_customer_id: c.text(100),
        monthly_ai_credits_allocated: c.decimal(),
        monthly_ai_credits_used: c.decimal(),
        last_monthly_reset_date: c.date(),
        current_billing_cycle_start: c.date(),
        current_billing_cycle_end: c.date(),
        purchased_seats: c.integer(),
        date_created: c.timestamp(),
        last_updated: c.timestamp(),
      },
    }),
    new EntitySchema<MembershipRow>({
      name: 'Membership',
      tableName: 'memberships',
      columns: {
        organisation_id: { ...c.ref(), primary: true },
        person_id: { ...c.ref(), primary: true },
        role: c.text(10, false),
        date_joined: c.timestamp(),
      },
    }),
  ];
}
