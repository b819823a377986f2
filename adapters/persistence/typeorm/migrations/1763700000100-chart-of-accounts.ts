import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { DEFAULT_CHART_OF_ACCOUNTS, defaultAccountUniqueId } from '../../../../domain/account/default-chart';
import { UuidV7Generator } from '../../../system/uuid-v7-generator';
import { column as c, queryRunnerDialect, tableColumns } from '../columns';

/** The chart of accounts, and the default chart for every organisation that exists already. */
export class ChartOfAccounts1763700000100 implements MigrationInterface {
  name = 'ChartOfAccounts1763700000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = queryRunnerDialect(queryRunner);
    const postgres = dialect === 'postgres';
    await queryRunner.createTable(
      new Table({
        name: 'accounts',
        columns: tableColumns(dialect, {
          id: c.id(),
          unique_id: c.varchar(100),
          organisation_id: c.ref(),
          // Codes and names sort byte by byte on Postgres too, as they do on SQLite.
          account_code: c.varchar(20).bytewise(),
          name: c.varchar(200).bytewise(),
          account_type: c.varchar(20),
          description: c.text().nullable(),
          is_active: c.boolean(true),
          date_created: c.timestamp(),
          last_updated: c.timestamp(),
        }),
        uniques: [
          { name: 'uq_accounts_unique_id', columnNames: ['organisation_id', 'unique_id'] },
          { name: 'uq_accounts_code', columnNames: ['organisation_id', 'account_code'] },
          // The target of the expenses' (organisation_id, account_id) foreign key.
          { name: 'uq_accounts_organisation_id', columnNames: ['organisation_id', 'id'] },
        ],
        foreignKeys: [
          { columnNames: ['organisation_id'], referencedTableName: 'organisations', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
    await seedExistingOrganisations(queryRunner, postgres);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('accounts');
  }
}

/** New organisations get the chart from their seeder; these ones were founded before it existed. */
async function seedExistingOrganisations(queryRunner: QueryRunner, postgres: boolean): Promise<void> {
  const organisations: { id: string }[] = await queryRunner.query('SELECT id FROM organisations');
  const ids = new UuidV7Generator();
  const now = new Date();
  // The representation TypeORM itself writes on each engine.
  const timestamp = postgres ? now : now.toISOString().replace('T', ' ').replace('Z', '');
  const columns = [
    'id',
    'unique_id',
    'organisation_id',
    'account_code',
    'name',
    'account_type',
    'description',
    'is_active',
    'date_created',
    'last_updated',
  ];
  const placeholders = columns.map((_, i) => (postgres ? `$${i + 1}` : '?')).join(', ');
  const insert = `INSERT INTO accounts (${columns.join(', ')}) VALUES (${placeholders})`;
  for (const organisation of organisations) {
    for (const entry of DEFAULT_CHART_OF_ACCOUNTS) {
      await queryRunner.query(insert, [
        ids.next(),
        defaultAccountUniqueId(entry.code),
        organisation.id,
        entry.code,
        entry.name,
        entry.type,
        null,
        true,
        timestamp,
        timestamp,
      ]);
    }
  }
}
