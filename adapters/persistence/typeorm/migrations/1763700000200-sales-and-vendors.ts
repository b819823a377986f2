import { MigrationInterface, QueryRunner, Table, TableForeignKeyOptions } from 'typeorm';
import { column as c, queryRunnerDialect, tableColumns } from '../columns';

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
    const dialect = queryRunnerDialect(queryRunner);
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
        columns: tableColumns(dialect, {
          id: c.id(),
          organisation_id: c.ref(),
          unique_id: c.varchar(100),
          name: c.varchar(200),
          name_key: c.varchar(200).bytewise(),
          description: c.text().nullable(),
          probability: c.decimal(),
          is_active: c.boolean(true),
          is_closed_won: c.boolean(),
          is_closed_lost: c.boolean(),
          position: c.integer(),
          date_created: c.timestamp(),
          last_updated: c.timestamp(),
        }),
        uniques: [{ name: 'uq_sales_stages_unique_id', columnNames: ['organisation_id', 'unique_id'] }],
        foreignKeys: [organisation],
        indices: [{ name: 'ix_sales_stages_org_position', columnNames: ['organisation_id', 'position', 'id'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'clients',
        columns: tableColumns(dialect, {
          id: c.id(),
          organisation_id: c.ref(),
          unique_id: c.varchar(100),
          name: c.varchar(200),
          name_key: c.varchar(200).bytewise(),
          email: c.varchar(254).nullable(),
          email_key: c.varchar(254).bytewise().nullable(),
          phone: c.varchar(50).nullable(),
          website: c.varchar(300).nullable(),
          date_created: c.timestamp(),
          last_updated: c.timestamp(),
        }),
        uniques: [{ name: 'uq_clients_unique_id', columnNames: ['organisation_id', 'unique_id'] }],
        foreignKeys: [organisation],
        indices: [{ name: 'ix_clients_org_name', columnNames: ['organisation_id', 'name_key', 'id'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'leads',
        columns: tableColumns(dialect, {
          id: c.id(),
          organisation_id: c.ref(),
          unique_id: c.varchar(100),
          title: c.text(),
          title_key: c.text().bytewise(),
          description: c.text().nullable(),
          qualification_notes: c.text().nullable(),
          priority: c.varchar(10),
          lead_source: c.varchar(20),
          estimated_value: c.decimal().nullable(),
          win_probability: c.decimal().nullable(),
          outcome: c.varchar(4),
          sales_stage_id: c.ref().nullable(),
          client_id: c.ref().nullable(),
          expected_close_date: c.date().nullable(),
          follow_up_date: c.timestamp().nullable(),
          created_by_id: c.ref(),
          assigned_to_id: c.ref(),
          date_created: c.timestamp(),
          last_updated: c.timestamp(),
        }),
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
        columns: tableColumns(dialect, {
          id: c.id(),
          organisation_id: c.ref(),
          unique_id: c.varchar(100),
          name: c.varchar(300),
          name_key: c.varchar(300).bytewise(),
          description: c.text().nullable(),
          entity_type: c.varchar(20),
          vendor_status: c.varchar(20),
          vendor_category: c.varchar(20),
          industry: c.varchar(40).nullable(),
          website: c.varchar(300).nullable(),
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
          address: c.text().nullable(),
          banking_sealed: c.text().nullable(),
          created_by_id: c.ref(),
          assigned_to_id: c.ref(),
          account_owner_id: c.ref(),
          date_created: c.timestamp(),
          last_updated: c.timestamp(),
        }),
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
