import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { migrationColumns } from './migration-columns';

/** Contact groups and the contacts they hold. */
export class Contacts1763700000300 implements MigrationInterface {
  name = 'Contacts1763700000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = migrationColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'contact_groups',
        columns: [
          c.id(),
          c.varchar('unique_id', 100, false),
          c.ref('organisation_id'),
          c.varchar('name', 200, false),
          c.text('description'),
          c.text('translations'),
          c.timestamp('date_created'),
          c.timestamp('last_updated'),
        ],
        uniques: [{ name: 'uq_contact_groups_unique_id', columnNames: ['organisation_id', 'unique_id'] }],
        foreignKeys: [
          { columnNames: ['organisation_id'], referencedTableName: 'organisations', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'contacts',
        columns: [
          c.id(),
          c.varchar('unique_id', 100, false),
          c.ref('organisation_id'),
          c.ref('group_id'),
          c.ref('created_by_id'),
          c.varchar('entity_type', 20, false),
          c.varchar('entity_id', 100),
          c.varchar('slot_entity_id', 100, false),
          c.varchar('first_name', 150, false),
          c.varchar('last_name', 150),
          c.varchar('email', 254),
          c.varchar('phone', 50),
          c.varchar('mobile', 50),
          c.varchar('social_url', 300),
          c.boolean('is_active', true),
          c.boolean('primary_contact'),
          c.text('translations'),
          c.timestamp('date_created'),
          c.timestamp('last_updated'),
        ],
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
