import { MigrationInterface, QueryRunner } from 'typeorm';
import { queryRunnerDialect } from '../columns';

/** Each Postgres connection adds to its own of this many counter rows per organisation and table. */
const SLOTS = 16;

const counterFunction = (name: string, transition: string, sign: '' | '-', slot: string) => `
  CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO record_counts (organisation_id, table_name, slot, count)
      SELECT organisation_id, TG_TABLE_NAME, ${slot}, ${sign}COUNT(*) FROM ${transition} GROUP BY organisation_id
    ON CONFLICT (organisation_id, table_name, slot) DO UPDATE SET count = record_counts.count + EXCLUDED.count;
    RETURN NULL;
  END $$`;

/**
 * Postgres: an organisation's total of a table is kept in several counter
 * rows (slots), each connection adding to the slot of its backend process, and
 * read as their sum. With one row, every create in an organisation updated the
 * same row and held its lock until its transaction committed: the
 * organisation's creates ran one at a time, whatever the pool (about 300 a
 * second here, with Postgres and the service each using less than a core).
 * SQLite has one writer and keeps its one row (slot 0).
 */
export class RecordCountSlots1763700001010 implements MigrationInterface {
  name = 'RecordCountSlots1763700001010';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunnerDialect(queryRunner) !== 'postgres') return;
    await this.primaryKey(queryRunner, ['organisation_id', 'table_name', 'slot'], 'ALTER TABLE record_counts ADD COLUMN slot smallint NOT NULL DEFAULT 0');
    await queryRunner.query(counterFunction('record_counts_added', 'added', '', `pg_backend_pid() % ${SLOTS}`));
    await queryRunner.query(counterFunction('record_counts_removed', 'removed', '-', `pg_backend_pid() % ${SLOTS}`));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunnerDialect(queryRunner) !== 'postgres') return;
    await queryRunner.query(counterFunction('record_counts_added', 'added', '', '0'));
    await queryRunner.query(counterFunction('record_counts_removed', 'removed', '-', '0'));
    // Every organisation's slots summed into slot 0, the others dropped.
    await queryRunner.query(`
      INSERT INTO record_counts (organisation_id, table_name, slot, count)
        SELECT organisation_id, table_name, 0, SUM(count) FROM record_counts WHERE slot <> 0 GROUP BY organisation_id, table_name
      ON CONFLICT (organisation_id, table_name, slot) DO UPDATE SET count = record_counts.count + EXCLUDED.count`);
    await queryRunner.query('DELETE FROM record_counts WHERE slot <> 0');
    await this.primaryKey(queryRunner, ['organisation_id', 'table_name']);
    await queryRunner.query('ALTER TABLE record_counts DROP COLUMN slot');
  }

  /** Replaces the table's primary key (its name is TypeORM's), after `before` if given. */
  private async primaryKey(queryRunner: QueryRunner, columns: string[], before?: string): Promise<void> {
    const [primary] = (await queryRunner.query(
      "SELECT conname FROM pg_constraint WHERE conrelid = 'record_counts'::regclass AND contype = 'p'",
    )) as { conname: string }[];
    if (before) await queryRunner.query(before);
    await queryRunner.query(`ALTER TABLE record_counts DROP CONSTRAINT "${primary.conname}"`);
    await queryRunner.query(`ALTER TABLE record_counts ADD PRIMARY KEY (${columns.join(', ')})`);
  }
}
