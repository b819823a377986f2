import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change of an organisation's records (contract section 8), appended
 * in the transaction of the change and never updated: the record's
 * unique_id, not a foreign key, so that the history outlives the record.
 * `at` in epoch milliseconds; `changes` as JSON text, secrets masked.
 */
export class History1763700000970 implements MigrationInterface {
  name = 'History1763700000970';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE history (
      id varchar(36) PRIMARY KEY,
      organisation_id varchar(36) NOT NULL,
      model varchar(40) NOT NULL,
      record_unique_id varchar(100) NOT NULL,
      action varchar(40) NOT NULL,
      at bigint NOT NULL,
      actor_id varchar(36),
      changes text NOT NULL
    )`);
    await queryRunner.query('CREATE INDEX ix_history_record ON history (organisation_id, model, record_unique_id, at)');
    await queryRunner.query('CREATE INDEX ix_history_organisation ON history (organisation_id, at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE history');
  }
}
