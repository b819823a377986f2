import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { column as c, queryRunnerDialect, tableColumns } from '../columns';
import { addColumn, dropAddedColumn } from './migration-columns';

/**
 * API keys (issue 44): each of one organisation and one person, kept as its
 * prefix (the look-up) and a keyed hash of the whole key; revoked ones stay.
 * A history entry names the key its actor acted through (no foreign key:
 * history outlives what it names).
 */
export class ApiKeys1763700001080 implements MigrationInterface {
  name = 'ApiKeys1763700001080';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = queryRunnerDialect(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'api_keys',
        columns: tableColumns(dialect, {
          id: c.id(),
          organisation_id: c.ref(),
          unique_id: c.varchar(100),
          name: c.varchar(100),
          prefix: c.varchar(12),
          scopes: c.text(),
          expires_at: c.timestamp().nullable(),
          last_used_at: c.timestamp().nullable(),
          created_by_id: c.ref(),
          date_created: c.timestamp(),
          last_updated: c.timestamp(),
          revoked_at: c.timestamp().nullable(),
          secret_hash: c.text(),
        }),
        uniques: [{ name: 'uq_api_keys_unique_id', columnNames: ['organisation_id', 'unique_id'] }],
        foreignKeys: [
          { columnNames: ['organisation_id'], referencedTableName: 'organisations', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          { columnNames: ['created_by_id'], referencedTableName: 'persons', referencedColumnNames: ['id'] },
        ],
        indices: [
          // Authentication finds a key by its prefix, in any organisation.
          { name: 'ix_api_keys_prefix', columnNames: ['prefix'] },
          { name: 'ix_api_keys_org_created', columnNames: ['organisation_id', 'date_created', 'id'] },
          // A leaving member's keys, revoked together.
          { name: 'ix_api_keys_creator', columnNames: ['created_by_id'] },
        ],
      }),
    );
    await addColumn(queryRunner, 'history', 'api_key_id', c.ref().nullable());
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropAddedColumn(queryRunner, 'history', 'api_key_id');
    await queryRunner.dropTable('api_keys');
  }
}
