import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { column as c, queryRunnerDialect, tableColumns } from '../columns';

/** People, their credentials and sessions, organisations and memberships. */
export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = queryRunnerDialect(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'persons',
        columns: tableColumns(dialect, {
          id: c.id(),
          unique_id: c.varchar(100),
          email: c.varchar(254),
          email_key: c.varchar(254),
          first_name: c.varchar(150),
          last_name: c.varchar(150),
          is_active: c.boolean(true),
          current_language: c.varchar(10),
          job_title: c.varchar(300).nullable(),
          user_type: c.varchar(20),
          profile_picture_url: c.text().nullable(),
          address: c.text().nullable(),
          banking_sealed: c.text().nullable(),
          employee_sealed: c.text().nullable(),
          last_login: c.timestamp().nullable(),
          date_created: c.timestamp(),
          last_updated: c.timestamp(),
        }),
        uniques: [
          { name: 'uq_persons_unique_id', columnNames: ['unique_id'] },
          { name: 'uq_persons_email_key', columnNames: ['email_key'] },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'credentials',
        columns: tableColumns(dialect, { person_id: c.id(), password_hash: c.text(), password_changed_at: c.timestamp() }),
        foreignKeys: [{ columnNames: ['person_id'], referencedTableName: 'persons', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'sessions',
        columns: tableColumns(dialect, {
          token_hash: c.varchar(64).primary(),
          person_id: c.ref(),
          csrf_token: c.varchar(64),
          created_at: c.timestamp(),
          expires_at: c.timestamp(),
        }),
        foreignKeys: [{ columnNames: ['person_id'], referencedTableName: 'persons', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [{ name: 'ix_sessions_person', columnNames: ['person_id'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'organisations',
        columns: tableColumns(dialect, {
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
          logo_url: c.text().nullable(),
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
        }),
        uniques: [{ name: 'uq_organisations_unique_id', columnNames: ['unique_id'] }],
        foreignKeys: [{ columnNames: ['owner_id'], referencedTableName: 'persons', referencedColumnNames: ['id'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'memberships',
        columns: tableColumns(dialect, {
          organisation_id: c.ref().primary(),
          person_id: c.ref().primary(),
          role: c.varchar(10),
          date_joined: c.timestamp(),
        }),
        foreignKeys: [
          { columnNames: ['organisation_id'], referencedTableName: 'organisations', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          { columnNames: ['person_id'], referencedTableName: 'persons', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
        indices: [
          { name: 'ix_memberships_person', columnNames: ['person_id', 'date_joined'] },
          { name: 'uq_memberships_one_owner', columnNames: ['organisation_id'], isUnique: true, where: "role = 'owner'" },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['memberships', 'organisations', 'sessions', 'credentials', 'persons']) {
      await queryRunner.dropTable(table);
    }
  }
}
