import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The imports an organisation ran (issue 45): who asked what of which list,
 * and the result, its rows' errors as JSON. Times are epoch milliseconds,
 * the flag 0 or 1, alike on both engines. Kept out of the entity schemas:
 * only raw statements read and write it.
 */
export class Imports1763700001090 implements MigrationInterface {
  name = 'Imports1763700001090';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE imports (
      id varchar(36) NOT NULL PRIMARY KEY,
      unique_id varchar(100) NOT NULL,
      organisation_id varchar(36) NOT NULL,
      created_by_id varchar(36) NOT NULL,
      resource varchar(20) NOT NULL,
      mode varchar(20) NOT NULL,
      dry_run integer NOT NULL,
      status varchar(10) NOT NULL,
      row_count integer NOT NULL,
      created_count integer NOT NULL,
      updated_count integer NOT NULL,
      unchanged_count integer NOT NULL,
      invalid_count integer NOT NULL,
      unknown_columns text NOT NULL,
      errors text NOT NULL,
      date_created bigint NOT NULL
    )`);
    await queryRunner.query('CREATE UNIQUE INDEX uq_imports_unique_id ON imports (organisation_id, unique_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE imports');
  }
}
