import { EntitySchema } from 'typeorm';
import { column as c, Dialect, entityColumns, references, RowOf } from '../columns';

const organisationColumns = {
  id: c.id(),
  unique_id: c.varchar(100),
  owner_id: c.ref(),
  name: c.varchar(200),
  language: c.varchar(10).nullable(),
  business_description: c.text().nullable(),
  business_category: c.varchar(40).nullable(),
  other_category: c.text().nullable(),
  how_did_you_hear_about_us: c.varchar(40).nullable(),
  business_website: c.varchar(300).nullable(),
  vat_number: c.varchar(100).nullable(),
  /** Always null: the previous version's column, kept while it may still run (rolling deploys). */
  logo_url: c.text().nullable(),
  logo_key: c.varchar(200).nullable(),
  logo_content_type: c.varchar(50).nullable(),
  logo_size: c.integer().nullable(),
  setup_done: c.boolean(),
  address: c.text().nullable(),
  banking_sealed: c.text().nullable(),
  default_currency: c.varchar(3),
  default_vat_rate: c.decimal(),
  financial_year_end: c.varchar(5),
  accounting_method: c.varchar(10),
  reporting_currency: c.varchar(3),
  enable_multi_currency: c.boolean(),
  auto_close_financial_year: c.boolean(),
  retain_transaction_history: c.boolean(true),
  financial_year_lock_date: c.date().nullable(),
  /** JSON object of the nine AI agent switches. */
  ai_agents: c.text(),
  billing_customer_id: c.varchar(100).nullable(),
  monthly_ai_credits_allocated: c.decimal(),
  monthly_ai_credits_used: c.decimal(),
  last_monthly_reset_date: c.date().nullable(),
  current_billing_cycle_start: c.date().nullable(),
  current_billing_cycle_end: c.date().nullable(),
  purchased_seats: c.integer(),
  date_created: c.timestamp(),
  last_updated: c.timestamp(),
};

const membershipColumns = {
  organisation_id: c.ref().primary(),
  person_id: c.ref().primary(),
  role: c.varchar(10),
  date_joined: c.timestamp(),
};

export type OrganisationRow = RowOf<typeof organisationColumns>;
export type MembershipRow = RowOf<typeof membershipColumns>;

export function organisationSchemas(dialect: Dialect): EntitySchema[] {
  return [
    new EntitySchema<OrganisationRow>({
      name: 'Organisation',
      tableName: 'organisations',
      columns: entityColumns(dialect, organisationColumns),
      uniques: [{ name: 'uq_organisations_unique_id', columns: ['unique_id'] }],
      foreignKeys: [references('persons', ['owner_id'])],
    }),
    new EntitySchema<MembershipRow>({
      name: 'Membership',
      tableName: 'memberships',
      columns: entityColumns(dialect, membershipColumns),
      foreignKeys: [
        references('organisations', ['organisation_id'], { onDelete: 'CASCADE' }),
        references('persons', ['person_id'], { onDelete: 'CASCADE' }),
      ],
      indices: [
        { name: 'ix_memberships_person', columns: ['person_id', 'date_joined'] },
        { name: 'uq_memberships_one_owner', columns: ['organisation_id'], unique: true, where: "role = 'owner'" },
      ],
    }),
  ];
}
