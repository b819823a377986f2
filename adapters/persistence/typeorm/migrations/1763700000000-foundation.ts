import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { migrationColumns } from './migration-columns';

/** People, their credentials and sessions, organisations and memberships. */
export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = migrationColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'persons',
        columns: [
          c.id(),
          c.varchar('unique_id', 100, false),
          c.varchar('email', 254, false),
          c.varchar('email_key', 254, false),
          c.varchar('first_name', 150, false),
          c.varchar('last_name', 150, false),
          c.boolean('is_active', true),
          c.varchar('current_language', 10, false),
          c.varchar('job_title', 300),
          c.varchar('user_type', 20, false),
          c.text('profile_picture_url'),
          c.text('address'),
          c.text('banking_sealed'),
          c.text('employee_sealed'),
          c.timestamp('last_login', true),
          c.timestamp('date_created'),
          c.timestamp('last_updated'),
        ],
        uniques: [
          { name: 'uq_persons_unique_id', columnNames: ['unique_id'] },
          { name: 'uq_persons_email_key', columnNames: ['email_key'] },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'credentials',
        columns: [c.id('person_id'), c.text('password_hash', false), c.timestamp('password_changed_at')],
        foreignKeys: [{ columnNames: ['person_id'], referencedTableName: 'persons', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'sessions',
        columns: [
          { ...c.varchar('token_hash', 64, false), isPrimary: true },
          c.ref('person_id'),
          c.varchar('csrf_token', 64, false),
          c.timestamp('created_at'),
          c.timestamp('expires_at'),
        ],
        foreignKeys: [{ columnNames: ['person_id'], referencedTableName: 'persons', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [{ name: 'ix_sessions_person', columnNames: ['person_id'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'organisations',
        columns: [
          c.id(),
          c.varchar('unique_id', 100, false),
          c.ref('owner_id'),
          c.varchar('name', 200, false),
          c.varchar('language', 10),
          c.text('business_description'),
          c.varchar('business_category', 40),
          c.text('other_category'),
          c.varchar('how_did_you_hear_about_us', 40),
          c.varchar('business_website', 300),
          c.varchar('vat_number', 100),
          c.text('logo_url'),
          c.boolean('setup_done'),
          c.text('address'),
          c.text('banking_sealed'),
          c.varchar('default_currency', 3, false),
          c.bigint('default_vat_rate'),
          c.varchar('financial_year_end', 5, false),
          c.varchar('accounting_method', 10, false),
          c.varchar('reporting_currency', 3, false),
          c.boolean('enable_multi_currency'),
          c.boolean('auto_close_financial_year'),
          c.boolean('retain_transaction_history', true),
          c.date('financial_year_lock_date'),
          c.text('ai_agents', false),
          c.varchar('billing_customer_id', 100),
          c.bigint('monthly_ai_credits_allocated'),
          c.bigint('monthly_ai_credits_used'),
          c.date('last_monthly_reset_date'),
          c.date('current_billing_cycle_start'),
          c.date('current_billing_cycle_end'),
          c.bigint('purchased_seats'),
          c.timestamp('date_created'),
          c.timestamp('last_updated'),
        ],
        uniques: [{ name: 'uq_organisations_unique_id', columnNames: ['unique_id'] }],
        foreignKeys: [{ columnNames: ['owner_id'], referencedTableName: 'persons', referencedColumnNames: ['id'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'memberships',
        columns: [
          { ...c.ref('organisation_id'), isPrimary: true },
          { ...c.ref('person_id'), isPrimary: true },
          c.varchar('role', 10, false),
          c.timestamp('date_joined'),
        ],
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
