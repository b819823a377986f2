import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableForeignKeyOptions } from 'typeorm';
import { migrationColumns } from './migration-columns';

/**
 * Sales stages, clients, leads and vendors. Every list filter is served by an
 * index that leads with organisation_id and ends with the list's default
 * order (and the id that breaks its ties), so that a page is read in order.
 * The `*_key` columns hold lower-cased text; on Postgres they compare in the
 * "C" collation, byte by byte, as SQLite does.
 */
export class SalesAndVendors1763700000200 implements MigrationInterface {
  name = 'SalesAndVendors1763700000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = migrationColumns(queryRunner);
    const postgres = queryRunner.connection.options.type === 'postgres';
    const key = (name: string, length?: number, nullable = false): TableColumnOptions => ({
      ...(length ? c.varchar(name, length, nullable) : c.text(name, nullable)),
      ...(postgres ? { collation: 'C' } : {}),
    });
    const organisation: TableForeignKeyOptions = {
      columnNames: ['organisation_id'],
      referencedTableName: 'organisations',
      referencedColumnNames: ['id'],
      onDelete: 'CASCADE',
    };
    const person = (column: string): TableForeignKeyOptions => ({
      columnNames: [column],
      referencedTableName: 'persons',
      referencedColumnNames: ['id'],
    });

    await queryRunner.createTable(
      new Table({
        name: 'sales_stages',
        columns: [
          c.id(),
          c.ref('organisation_id'),
          c.varchar('unique_id', 100, false),
          c.varchar('name', 200, false),
          key('name_key', 200),
          c.text('description'),
          c.bigint('probability'),
          c.boolean('is_active', true),
          c.boolean('is_closed_won'),
          c.boolean('is_closed_lost'),
          c.bigint('position'),
          c.timestamp('date_created'),
          c.timestamp('last_updated'),
        ],
        uniques: [{ name: 'uq_sales_stages_unique_id', columnNames: ['organisation_id', 'unique_id'] }],
        foreignKeys: [organisation],
        indices: [{ name: 'ix_sales_stages_org_position', columnNames: ['organisation_id', 'position', 'id'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'clients',
        columns: [
          c.id(),
          c.ref('organisation_id'),
          c.varchar('unique_id', 100, false),
          c.varchar('name', 200, false),
          key('name_key', 200),
          c.varchar('email', 254),
          key('email_key', 254, true),
          c.varchar('phone', 50),
          c.varchar('website', 300),
          c.timestamp('date_created'),
          c.timestamp('last_updated'),
        ],
        uniques: [{ name: 'uq_clients_unique_id', columnNames: ['organisation_id', 'unique_id'] }],
        foreignKeys: [organisation],
        indices: [{ name: 'ix_clients_org_name', columnNames: ['organisation_id', 'name_key', 'id'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'leads',
        columns: [
          c.id(),
          c.ref('organisation_id'),
          c.varchar('unique_id', 100, false),
          c.text('title', false),
          key('title_key'),
          c.text('description'),
          c.text('qualification_notes'),
          c.varchar('priority', 10, false),
          c.varchar('lead_source', 20, false),
          c.bigint('estimated_value', true),
          c.bigint('win_probability', true),
          c.varchar('outcome', 4, false),
          c.ref('sales_stage_id', true),
          c.ref('client_id', true),
          c.date('expected_close_date'),
          c.timestamp('follow_up_date', true),
          c.ref('created_by_id'),
          c.ref('assigned_to_id'),
          c.timestamp('date_created'),
          c.timestamp('last_updated'),
        ],
        uniques: [{ name: 'uq_leads_unique_id', columnNames: ['organisation_id', 'unique_id'] }],
        foreignKeys: [
          organisation,
          // No cascade: a stage or a client that leads name is not deleted (409 `in_use`).
          { columnNames: ['sales_stage_id'], referencedTableName: 'sales_stages', referencedColumnNames: ['id'] },
          { columnNames: ['client_id'], referencedTableName: 'clients', referencedColumnNames: ['id'] },
          person('created_by_id'),
          person('assigned_to_id'),
        ],
        indices: [
          { name: 'ix_leads_org_created', columnNames: ['organisation_id', 'date_created', 'id'] },
          { name: 'ix_leads_org_source', columnNames: ['organisation_id', 'lead_source', 'date_created', 'id'] },
          { name: 'ix_leads_org_outcome', columnNames: ['organisation_id', 'outcome', 'date_created', 'id'] },
          { name: 'ix_leads_org_title', columnNames: ['organisation_id', 'title_key', 'id'] },
          { name: 'ix_leads_sales_stage', columnNames: ['sales_stage_id'] },
          { name: 'ix_leads_client', columnNames: ['client_id'] },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'vendors',
        columns: [
          c.id(),
          c.ref('organisation_id'),
          c.varchar('unique_id', 100, false),
          c.varchar('name', 300, false),
          key('name_key', 300),
          c.text('description'),
          c.varchar('entity_type', 20, false),
          c.varchar('vendor_status', 20, false),
          c.varchar('vendor_category', 20, false),
          c.varchar('industry', 40),
          c.varchar('website', 300),
          key('website_key', 300, true),
          c.varchar('company_size', 100),
          c.bigint('annual_revenue', true),
          c.bigint('minimum_order_amount', true),
          c.varchar('default_currency', 3, false),
          c.date('first_contact_date'),
          c.date('last_contact_date'),
          c.date('next_follow_up_date'),
          c.date('last_order_date'),
          c.date('contract_start_date'),
          c.date('contract_end_date'),
          c.bigint('quality_rating', true),
          c.bigint('delivery_rating', true),
          c.text('address'),
          c.text('banking_sealed'),
          c.ref('created_by_id'),
          c.ref('assigned_to_id'),
          c.ref('account_owner_id'),
          c.timestamp('date_created'),
          c.timestamp('last_updated'),
        ],
        uniques: [{ name: 'uq_vendors_unique_id', columnNames: ['organisation_id', 'unique_id'] }],
        foreignKeys: [organisation, person('created_by_id'), person('assigned_to_id'), person('account_owner_id')],
        indices: [
          { name: 'ix_vendors_org_name', columnNames: ['organisation_id', 'name_key', 'id'] },
          { name: 'ix_vendors_org_status', columnNames: ['organisation_id', 'vendor_status', 'name_key', 'id'] },
          { name: 'ix_vendors_org_category', columnNames: ['organisation_id', 'vendor_category', 'name_key', 'id'] },
          { name: 'ix_vendors_org_entity_type', columnNames: ['organisation_id', 'entity_type', 'name_key', 'id'] },
          { name: 'ix_vendors_org_industry', columnNames: ['organisation_id', 'industry', 'name_key', 'id'] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['vendors', 'leads', 'clients', 'sales_stages']) await queryRunner.dropTable(table);
  }
}
