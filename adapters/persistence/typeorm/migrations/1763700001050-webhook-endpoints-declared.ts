import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { column as c, queryRunnerDialect, tableColumns } from '../columns';

/** TypeORM's name of the key (its naming strategy, of the table, the column and what it names). */
const ORGANISATION_KEY = 'FK_7d7382d4de6412d2e90e9141185';

const COLUMNS = 'id, organisation_id, unique_id, url, events, is_active, secret, failing_since, date_created, last_updated';

/**
 * Webhook endpoints are declared (issue 41): their table is described by an
 * entity schema, which migration 990's raw statements did not name as TypeORM
 * names things. Nothing is converted: the columns stay what they were (times
 * in epoch milliseconds, the flag 0 or 1), which the outbox's statements read.
 * Postgres: the organisation's key takes TypeORM's name. SQLite keeps no
 * names for keys and reads a table's constraints from its text: the table is
 * rebuilt as TypeORM creates it, rows kept (migrations run with foreign keys
 * off, so that the deliveries and attempts that name the endpoints stay).
 */
export class WebhookEndpointsDeclared1763700001050 implements MigrationInterface {
  name = 'WebhookEndpointsDeclared1763700001050';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunnerDialect(queryRunner) === 'postgres') {
      await queryRunner.query(`ALTER TABLE webhook_endpoints RENAME CONSTRAINT webhook_endpoints_organisation_id_fkey TO "${ORGANISATION_KEY}"`);
      return;
    }
    const [{ foreign_keys: enforced }] = (await queryRunner.query('PRAGMA foreign_keys')) as { foreign_keys: number | bigint }[];
    if (Number(enforced) !== 0) throw new Error('Migration 1050 rebuilds webhook_endpoints: it must run with foreign keys off, or the deliveries would go with it');
    await queryRunner.createTable(
      new Table({
        name: 'webhook_endpoints_rebuilt',
        columns: tableColumns('sqlite', {
          id: c.id(),
          organisation_id: c.ref(),
          unique_id: c.varchar(100),
          url: c.varchar(500),
          events: c.text(),
          is_active: c.flag(),
          secret: c.text(),
          failing_since: c.epochMillis().nullable(),
          date_created: c.epochMillis(),
          last_updated: c.epochMillis(),
        }),
        uniques: [{ name: 'uq_webhook_endpoints_unique_id', columnNames: ['organisation_id', 'unique_id'] }],
        // Named as TypeORM names the key of webhook_endpoints (not of the table's name while it is rebuilt).
        foreignKeys: [{ name: ORGANISATION_KEY, columnNames: ['organisation_id'], referencedTableName: 'organisations', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await queryRunner.query(`INSERT INTO webhook_endpoints_rebuilt (${COLUMNS}) SELECT ${COLUMNS} FROM webhook_endpoints`);
    await queryRunner.query('DROP TABLE webhook_endpoints');
    await queryRunner.query('ALTER TABLE webhook_endpoints_rebuilt RENAME TO webhook_endpoints');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunnerDialect(queryRunner) === 'postgres') {
      await queryRunner.query(`ALTER TABLE webhook_endpoints RENAME CONSTRAINT "${ORGANISATION_KEY}" TO webhook_endpoints_organisation_id_fkey`);
    }
  }
}
