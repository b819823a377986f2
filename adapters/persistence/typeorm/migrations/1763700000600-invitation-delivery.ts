import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';
import { column as c } from '../columns';
import { addColumn, dropAddedColumn } from './migration-columns';

/**
 * When an invitation's e-mail last went out (null: not yet, or sending failed),
 * and the lookup by `unique_id` within an organisation that resending needs,
 * unique as every org-scoped `unique_id` is.
 */
export class InvitationDelivery1763700000600 implements MigrationInterface {
  name = 'InvitationDelivery1763700000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await addColumn(queryRunner, 'invitations', 'sent_at', c.timestamp().nullable());
    await queryRunner.createIndex(
      'invitations',
      new TableIndex({ name: 'uq_invitations_unique_id', columnNames: ['organisation_id', 'unique_id'], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('invitations', 'uq_invitations_unique_id');
    await dropAddedColumn(queryRunner, 'invitations', 'sent_at');
  }
}
