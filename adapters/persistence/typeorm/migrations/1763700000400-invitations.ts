import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { migrationColumns } from './migration-columns';

/** Invitations to join an organisation (only a hash of each token is stored). */
export class Invitations1763700000400 implements MigrationInterface {
  name = 'Invitations1763700000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = migrationColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'invitations',
        columns: [
          c.id(),
          c.varchar('unique_id', 100, false),
          c.ref('organisation_id'),
          c.varchar('email', 254, false),
          c.varchar('role', 10, false),
          c.varchar('token_hash', 64, false),
          c.ref('invited_by_id'),
          c.timestamp('expires_at'),
          c.timestamp('accepted_at', true),
          c.ref('accepted_by_id', true),
          c.timestamp('date_created'),
        ],
        uniques: [{ name: 'uq_invitations_token_hash', columnNames: ['token_hash'] }],
        foreignKeys: [
          { columnNames: ['organisation_id'], referencedTableName: 'organisations', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          { columnNames: ['invited_by_id'], referencedTableName: 'persons', referencedColumnNames: ['id'] },
        ],
        indices: [{ name: 'ix_invitations_organisation', columnNames: ['organisation_id', 'date_created'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('invitations');
  }
}
