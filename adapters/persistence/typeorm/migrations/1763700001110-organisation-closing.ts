import { MigrationInterface, QueryRunner } from 'typeorm';
import { column as c } from '../columns';
import { addColumn, dropAddedColumn } from './migration-columns';

/**
 * An organisation its owner closed: since when (`closing_at`) and when its data
 * is deleted (`deletion_due_at`), both null while it is open; the background
 * deletion finds the due ones by a partial index (docs/decisions/organisation-lifecycle.md).
 */
export class OrganisationClosing1763700001110 implements MigrationInterface {
  name = 'OrganisationClosing1763700001110';

  async up(queryRunner: QueryRunner): Promise<void> {
    await addColumn(queryRunner, 'organisations', 'closing_at', c.timestamp().nullable());
    await addColumn(queryRunner, 'organisations', 'deletion_due_at', c.timestamp().nullable());
    await queryRunner.query('CREATE INDEX ix_organisations_deletion_due ON organisations (deletion_due_at) WHERE deletion_due_at IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ix_organisations_deletion_due');
    await dropAddedColumn(queryRunner, 'organisations', 'deletion_due_at');
    await dropAddedColumn(queryRunner, 'organisations', 'closing_at');
  }
}
