import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';
import { column as c } from '../columns';
import { addColumn, dropAddedColumn } from './migration-columns';

/** As the lead declaration orders titles (`orderPrefix`): the first 200 characters (code points) of the key. */
const PREFIX = 200;

const OLD_INDEX = new TableIndex({ name: 'ix_leads_org_title', columnNames: ['organisation_id', 'title_key', 'id'] });
const NEW_INDEX = new TableIndex({ name: 'ix_leads_org_title', columnNames: ['organisation_id', 'title_order'] });

/**
 * A lead's title has no bound of its own (10 000 characters), and Postgres's
 * B-tree holds index rows of at most 2 704 bytes: a long title that does not
 * compress could not be indexed in `ix_leads_org_title` (organisation_id,
 * title_key, id), and its write answered 500. The list now orders by the
 * first 200 characters of the key (`title_order`, at most 800 bytes), then by
 * the whole key, which is the same order; the index holds the prefix.
 * Existing rows get it from their key, as the mapper writes it; the default
 * '' only lets SQLite add the NOT NULL column to a filled table.
 */
export class LeadTitleOrder1763700001045 implements MigrationInterface {
  name = 'LeadTitleOrder1763700001045';

  async up(queryRunner: QueryRunner): Promise<void> {
    await addColumn(queryRunner, 'leads', 'title_order', c.varchar(PREFIX).bytewise().withDefault("''"));
    const leads: { id: string; title_key: string }[] = await queryRunner.query('SELECT id, title_key FROM leads');
    for (const lead of leads) {
      const [sql, parameters] = queryRunner.connection.driver.escapeQueryWithParameters(
        'UPDATE leads SET title_order = :order WHERE id = :id',
        { order: Array.from(lead.title_key).slice(0, PREFIX).join(''), id: lead.id },
      );
      await queryRunner.query(sql, parameters);
    }
    await queryRunner.dropIndex('leads', OLD_INDEX);
    await queryRunner.createIndex('leads', NEW_INDEX);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('leads', NEW_INDEX);
    await queryRunner.createIndex('leads', OLD_INDEX);
    await dropAddedColumn(queryRunner, 'leads', 'title_order');
  }
}
