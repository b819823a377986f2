import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { column as c, queryRunnerDialect, tableColumns } from '../columns';
import { createSearchIndex, dropSearchIndex } from './migration-search-indexes';

/**
 * Projects (issue 43): cost centres with a budget. The code is unique in the
 * organisation whatever its case, by its lower-cased key (null codes never
 * clash); `(organisation_id, id)` is unique so that an expense's project can
 * be a key scoped to its organisation (migration 1071). The name and the code
 * are searched through their keys' search index.
 */
export class Projects1763700001070 implements MigrationInterface {
  name = 'Projects1763700001070';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = queryRunnerDialect(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'projects',
        columns: tableColumns(dialect, {
          id: c.id(),
          organisation_id: c.ref(),
          unique_id: c.varchar(100),
          name: c.varchar(200),
          name_key: c.varchar(200).bytewise(),
          code: c.varchar(30).nullable(),
          code_key: c.varchar(30).bytewise().nullable(),
          description: c.text().nullable(),
          status: c.varchar(10),
          client_id: c.ref().nullable(),
          manager_id: c.ref().nullable(),
          budget: c.decimal(2).nullable(),
          budget_currency: c.varchar(3),
          start_date: c.date().nullable(),
          end_date: c.date().nullable(),
          created_by_id: c.ref(),
          date_created: c.timestamp(),
          last_updated: c.timestamp(),
        }),
        uniques: [
          { name: 'uq_projects_unique_id', columnNames: ['organisation_id', 'unique_id'] },
          { name: 'uq_projects_code', columnNames: ['organisation_id', 'code_key'] },
          { name: 'uq_projects_organisation_id', columnNames: ['organisation_id', 'id'] },
        ],
        foreignKeys: [
          { columnNames: ['organisation_id'], referencedTableName: 'organisations', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          // No cascade: a client that projects name is not deleted (409 `in_use`).
          { columnNames: ['client_id'], referencedTableName: 'clients', referencedColumnNames: ['id'] },
          { columnNames: ['manager_id'], referencedTableName: 'persons', referencedColumnNames: ['id'] },
          { columnNames: ['created_by_id'], referencedTableName: 'persons', referencedColumnNames: ['id'] },
        ],
        indices: [
          { name: 'ix_projects_org_name', columnNames: ['organisation_id', 'name_key', 'id'] },
          { name: 'ix_projects_org_status', columnNames: ['organisation_id', 'status', 'name_key', 'id'] },
          { name: 'ix_projects_org_client', columnNames: ['organisation_id', 'client_id', 'name_key', 'id'] },
          { name: 'ix_projects_org_start', columnNames: ['organisation_id', 'start_date', 'id'] },
          { name: 'ix_projects_org_created', columnNames: ['organisation_id', 'date_created', 'id'] },
        ],
      }),
    );
    await createSearchIndex(queryRunner, 'projects', ['name_key', 'code_key']);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropSearchIndex(queryRunner, 'projects', ['name_key', 'code_key']);
    await queryRunner.dropTable('projects');
  }
}
