import { MigrationInterface, QueryRunner } from 'typeorm';
import { LIMITS_TABLE } from '../../../security/limiter-store';
import { queryRunnerDialect } from '../columns';

/**
 * The counters of rate-limiter-flexible's Postgres store (failed logins, new
 * accounts, invitation e-mails), in the table and shape it expects, so that
 * every instance on the database counts together. Made here, not by the
 * library at run time: the service's database user need not create tables.
 * On SQLite the counters live in a file of their own (limiter-store.ts).
 */
export class RateLimits1763700000950 implements MigrationInterface {
  name = 'RateLimits1763700000950';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunnerDialect(queryRunner) !== 'postgres') return;
    await queryRunner.query(`CREATE TABLE ${LIMITS_TABLE} (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunnerDialect(queryRunner) !== 'postgres') return;
    await queryRunner.query(`DROP TABLE ${LIMITS_TABLE}`);
  }
}
