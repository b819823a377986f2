import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stored files to remove (`FileRemovalQueue`): uploads not yet referenced by a
 * committed write, and files a committed write or delete left, by namespace
 * and key, with when the removal is due and how often it failed. Times are
 * epoch milliseconds, alike on both engines. Kept out of the entity schemas:
 * only raw statements read and write it.
 */
export class FileRemovals1763700001065 implements MigrationInterface {
  name = 'FileRemovals1763700001065';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE file_removals (
      namespace varchar(20) NOT NULL,
      object_key varchar(120) NOT NULL,
      due_at bigint NOT NULL,
      attempts integer NOT NULL,
      PRIMARY KEY (namespace, object_key)
    )`);
    await queryRunner.query('CREATE INDEX ix_file_removals_due ON file_removals (due_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE file_removals');
  }
}
