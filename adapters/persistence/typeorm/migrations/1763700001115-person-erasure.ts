import { MigrationInterface, QueryRunner } from 'typeorm';
import { column as c } from '../columns';
import { addColumn, dropAddedColumn } from './migration-columns';

/**
 * An erased account (issue 47, `DELETE me/`) keeps its `persons` row as a
 * tombstone, so that the records its organisations keep still name someone:
 * `erased_at` says when; the names, e-mail and sealed details are wiped.
 */
export class PersonErasure1763700001115 implements MigrationInterface {
  name = 'PersonErasure1763700001115';

  async up(queryRunner: QueryRunner): Promise<void> {
    await addColumn(queryRunner, 'persons', 'erased_at', c.timestamp().nullable());
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropAddedColumn(queryRunner, 'persons', 'erased_at');
  }
}
