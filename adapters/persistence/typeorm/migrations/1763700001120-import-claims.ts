import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many times each background import was claimed by a worker (issue 45),
 * the claims let go at a shutdown aside: an import claimed too often without
 * ending (a failure other than a bad row, its process dying) ends as failed
 * instead of being taken up again forever.
 */
export class ImportClaims1763700001120 implements MigrationInterface {
  name = 'ImportClaims1763700001120';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE imports ADD COLUMN claims integer NOT NULL DEFAULT 0');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE imports DROP COLUMN claims');
  }
}
