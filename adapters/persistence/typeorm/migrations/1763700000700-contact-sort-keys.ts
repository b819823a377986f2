import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';
import { searchKey } from '../../search-key';
import { column as c } from '../columns';
import { addColumn, dropAddedColumn } from './migration-columns';

/** The index of each list order, by table: a page is read in order. */
const INDEXES: [table: string, index: TableIndex][] = [
  ['contact_groups', new TableIndex({ name: 'ix_contact_groups_org_name', columnNames: ['organisation_id', 'name_key', 'id'] })],
  ['contacts', new TableIndex({ name: 'ix_contacts_group_first_name', columnNames: ['group_id', 'first_name_key', 'id'] })],
  ['contacts', new TableIndex({ name: 'ix_contacts_group_last_name', columnNames: ['group_id', 'last_name_key', 'id'] })],
];

/**
 * Contact groups and contacts sort by lower-cased keys kept beside their
 * names, as the other resources do (search-key.ts), no longer by the engine's
 * LOWER(), which folds only ASCII on SQLite: the lists now order alike on both
 * engines. Existing rows get their keys from the same JavaScript rule the
 * mappers write them with (a missing last name as ''); the default '' only
 * lets SQLite add the NOT NULL columns to filled tables.
 */
export class ContactSortKeys1763700000700 implements MigrationInterface {
  name = 'ContactSortKeys1763700000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    const key = (length: number) => c.varchar(length).bytewise().withDefault("''");
    await addColumn(queryRunner, 'contact_groups', 'name_key', key(200));
    await addColumn(queryRunner, 'contacts', 'first_name_key', key(150));
    await addColumn(queryRunner, 'contacts', 'last_name_key', key(150));

    const groups: { id: string; name: string }[] = await queryRunner.query('SELECT id, name FROM contact_groups');
    for (const group of groups) {
      await update(queryRunner, 'contact_groups', group.id, { name_key: searchKey(group.name) });
    }
    const contacts: { id: string; first_name: string; last_name: string | null }[] = await queryRunner.query(
      'SELECT id, first_name, last_name FROM contacts',
    );
    for (const contact of contacts) {
      await update(queryRunner, 'contacts', contact.id, {
        first_name_key: searchKey(contact.first_name),
        last_name_key: searchKey(contact.last_name ?? ''),
      });
    }

    for (const [table, index] of INDEXES) await queryRunner.createIndex(table, index);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, index] of [...INDEXES].reverse()) await queryRunner.dropIndex(table, index);
    await dropAddedColumn(queryRunner, 'contacts', 'last_name_key');
    await dropAddedColumn(queryRunner, 'contacts', 'first_name_key');
    await dropAddedColumn(queryRunner, 'contact_groups', 'name_key');
  }
}

/** Sets `values` on the row `id` of `table`, every value bound as a parameter. */
async function update(queryRunner: QueryRunner, table: string, id: string, values: Record<string, string>): Promise<void> {
  const assignments = Object.keys(values).map((column) => `${column} = :${column}`);
  const [sql, parameters] = queryRunner.connection.driver.escapeQueryWithParameters(
    `UPDATE ${table} SET ${assignments.join(', ')} WHERE id = :id`,
    { ...values, id },
  );
  await queryRunner.query(sql, parameters);
}
