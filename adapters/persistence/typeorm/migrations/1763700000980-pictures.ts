import { MigrationInterface, QueryRunner } from 'typeorm';
import { column as c } from '../columns';
import { addColumn, dropAddedColumn } from './migration-columns';

const PICTURES = [
  ['persons', 'picture'],
  ['organisations', 'logo'],
] as const;

/**
 * A person's profile picture and an organisation's logo (contract section 9):
 * the storage key, the detected content type and the size, as an expense's
 * receipt has them. The URL columns of the foundation (`profile_picture_url`,
 * `logo_url`, always null) stay, unused, so that the previous version keeps
 * working on this schema during a rolling deploy.
 */
export class Pictures1763700000980 implements MigrationInterface {
  name = 'Pictures1763700000980';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, name] of PICTURES) {
      await addColumn(queryRunner, table, `${name}_key`, c.varchar(200).nullable());
      await addColumn(queryRunner, table, `${name}_content_type`, c.varchar(50).nullable());
      await addColumn(queryRunner, table, `${name}_size`, c.integer().nullable());
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, name] of PICTURES) {
      for (const suffix of ['size', 'content_type', 'key']) await dropAddedColumn(queryRunner, table, `${name}_${suffix}`);
    }
  }
}
