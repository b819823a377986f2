import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `Idempotency-Key`s of creates (contract section 8): per caller and
 * path, the request's fingerprint, who holds the claim while it runs, and the
 * answer once stored. Times are epoch milliseconds, alike on both engines.
 * Kept out of the entity schemas: only raw statements read and write it.
 */
export class IdempotencyKeys1763700000960 implements MigrationInterface {
  name = 'IdempotencyKeys1763700000960';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE idempotency_keys (
      scope varchar(400) NOT NULL,
      key varchar(255) NOT NULL,
      fingerprint varchar(64) NOT NULL,
      claim_token varchar(36) NOT NULL,
      claimed_at bigint NOT NULL,
      status integer,
      body text,
      completed_at bigint,
      PRIMARY KEY (scope, key)
    )`);
    await queryRunner.query('CREATE INDEX ix_idempotency_keys_claimed ON idempotency_keys (claimed_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE idempotency_keys');
  }
}
