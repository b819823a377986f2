import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { column as c, queryRunnerDialect, tableColumns } from '../columns';

/** Contact groups and the contacts they hold. */
export class Contacts1763700000300 implements MigrationInterface {
  name = 'Contacts1763700000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = queryRunnerDialect(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'contact_groups',
        columns: tableColumns(dialect, {
          id: c.id(),
          unique_id: c.varchar(100),
          organisation_id: c.ref(),
          name: c.varchar(200),
          description: c.text().nullable(),
          translations: c.text().nullable(),
          date_created: c.timestamp(),
          last_updated: c.timestamp(),
        }),
        uniques: [{ name: 'uq_contact_groups_unique_id', columnNames: ['organisation_id', 'unique_id'] }],
        foreignKeys: [
          { columnNames: ['organisation_id'], referencedTableName: 'organisations', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'contacts',
        columns: tableColumns(dialect, {
          id: c.id(),
          unique_id: c.varchar(100),
          organisation_id: c.ref(),
          group_id: c.ref(),
          created_by_id: c.ref(),
          entity_type: c.varchar(20),
          entity_id: c.varchar(100).nullable(),
          slot_entity_id: c.varchar(100),
          first_name: c.varchar(150),
          last_name: c.varchar(150).nullable(),
          email: c.varchar(254).nullable(),
          phone: c.varchar(50).nullable(),
          mobile: c.varchar(50).nullable(),
          social_url: c.varchar(300).nullable(),
          is_active: c.boolean(true),
          primary_contact: c.boolean(),
          translations: c.text().nullable(),
          date_created: c.timestamp(),
          last_updated: c.timestamp(),
        }),
        uniques: [{ name: 'uq_contacts_unique_id', columnNames: ['organisation_id', 'unique_id'] }],
        foreignKeys: [
          { columnNames: ['organisation_id'], referencedTableName: 'organisations', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          // No cascade: a group that still holds contacts is not deleted (409 in_use).
          { columnNames: ['group_id'], referencedTableName: 'contact_groups', referencedColumnNames: ['id'] },
          { columnNames: ['created_by_id'], referencedTableName: 'persons', referencedColumnNames: ['id'] },
        ],
        indices: [
          // The group's list and count, and the foreign key's check when a group is deleted. Lists
          // are group-scoped, and a group id belongs to one organisation: it leads on its own.
          { name: 'ix_contacts_group', columnNames: ['group_id'] },
          // At most one primary contact per (group, entity_type, entity): the storage's own guard.
          {
            name: 'uq_contacts_primary_slot',
            columnNames: ['group_id', 'entity_type', 'slot_entity_id'],
            isUnique: true,
            where: 'primary_contact = true',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('contacts');
    await queryRunner.dropTable('contact_groups');
  }
}
