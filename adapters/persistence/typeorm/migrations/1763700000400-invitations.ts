import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { column as c, queryRunnerDialect, tableColumns } from '../columns';

/** Invitations to join an organisation (only a hash of each token is stored). */
export class Invitations1763700000400 implements MigrationInterface {
  name = 'Invitations1763700000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = queryRunnerDialect(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'invitations',
        columns: tableColumns(dialect, {
          id: c.id(),
          unique_id: c.varchar(100),
          organisation_id: c.ref(),
          email: c.varchar(254),
          role: c.varchar(10),
          token_hash: c.varchar(64),
          invited_by_id: c.ref(),
          expires_at: c.timestamp(),
          accepted_at: c.timestamp().nullable(),
          accepted_by_id: c.ref().nullable(),
          date_created: c.timestamp(),
        }),
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
