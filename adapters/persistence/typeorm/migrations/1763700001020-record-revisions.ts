import { MigrationInterface, QueryRunner } from 'typeorm';
import { queryRunnerDialect } from '../columns';
import { COUNTED_TABLES } from './1763700000910-record-counts';

/** Each Postgres connection adds to the slot of its backend, as migration 1010 set it. */
const SLOT = 'pg_backend_pid() % 16';

const postgresCounter = (name: string, transition: string, count: string) => `
  CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO record_counts (organisation_id, table_name, slot, count, changes)
      SELECT organisation_id, TG_TABLE_NAME, ${SLOT}, ${count}, COUNT(*) FROM ${transition} GROUP BY organisation_id
    ON CONFLICT (organisation_id, table_name, slot)
      DO UPDATE SET count = record_counts.count + EXCLUDED.count, changes = record_counts.changes + EXCLUDED.changes;
    RETURN NULL;
  END $$`;

/**
 * `record_counts.changes`: how many rows of an organisation's table were
 * inserted, updated or deleted, ever, kept by the same triggers as its count
 * (and a new one on updates). Its sum over an organisation's slots only grows,
 * by at least one for every committed write, so two reads that find the same
 * sum read the same rows: a filtered list's count (for a search, every match
 * counted) is remembered against it and counted again only once something
 * was written (see `FilteredCounts`).
 */
export class RecordRevisions1763700001020 implements MigrationInterface {
  name = 'RecordRevisions1763700001020';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunnerDialect(queryRunner) === 'postgres') {
      await queryRunner.query('ALTER TABLE record_counts ADD COLUMN changes bigint NOT NULL DEFAULT 0');
      await queryRunner.query(postgresCounter('record_counts_added', 'added', 'COUNT(*)'));
      await queryRunner.query(postgresCounter('record_counts_removed', 'removed', '-COUNT(*)'));
      await queryRunner.query(postgresCounter('record_counts_changed', 'changed', '0'));
      for (const table of COUNTED_TABLES) {
        // An INSERT … ON CONFLICT DO UPDATE (how rows are saved) puts only the rows it updated in `changed`.
        await queryRunner.query(
          `CREATE TRIGGER tr_${table}_count_update AFTER UPDATE ON ${table} REFERENCING NEW TABLE AS changed ` +
            'FOR EACH STATEMENT EXECUTE FUNCTION record_counts_changed()',
        );
      }
      return;
    }
    await queryRunner.query('ALTER TABLE record_counts ADD COLUMN changes integer NOT NULL DEFAULT 0');
    for (const table of COUNTED_TABLES) {
      await queryRunner.query(`DROP TRIGGER tr_${table}_count_insert`);
      await queryRunner.query(`DROP TRIGGER tr_${table}_count_delete`);
      await queryRunner.query(`
        CREATE TRIGGER tr_${table}_count_insert AFTER INSERT ON ${table} BEGIN
          INSERT INTO record_counts (organisation_id, table_name, count, changes) VALUES (NEW.organisation_id, '${table}', 1, 1)
          ON CONFLICT (organisation_id, table_name) DO UPDATE SET count = count + 1, changes = changes + 1;
        END`);
      await queryRunner.query(`
        CREATE TRIGGER tr_${table}_count_delete AFTER DELETE ON ${table} BEGIN
          UPDATE record_counts SET count = count - 1, changes = changes + 1 WHERE organisation_id = OLD.organisation_id AND table_name = '${table}';
        END`);
      await queryRunner.query(`
        CREATE TRIGGER tr_${table}_count_update AFTER UPDATE ON ${table} BEGIN
          UPDATE record_counts SET changes = changes + 1 WHERE organisation_id = NEW.organisation_id AND table_name = '${table}';
        END`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunnerDialect(queryRunner) === 'postgres') {
      for (const table of COUNTED_TABLES) await queryRunner.query(`DROP TRIGGER tr_${table}_count_update ON ${table}`);
      await queryRunner.query('DROP FUNCTION record_counts_changed()');
      const previous = (name: string, transition: string, sign: string) => `
        CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO record_counts (organisation_id, table_name, slot, count)
            SELECT organisation_id, TG_TABLE_NAME, ${SLOT}, ${sign}COUNT(*) FROM ${transition} GROUP BY organisation_id
          ON CONFLICT (organisation_id, table_name, slot) DO UPDATE SET count = record_counts.count + EXCLUDED.count;
          RETURN NULL;
        END $$`;
      await queryRunner.query(previous('record_counts_added', 'added', ''));
      await queryRunner.query(previous('record_counts_removed', 'removed', '-'));
      await queryRunner.query('ALTER TABLE record_counts DROP COLUMN changes');
      return;
    }
    for (const table of COUNTED_TABLES) {
      for (const event of ['insert', 'delete', 'update']) await queryRunner.query(`DROP TRIGGER tr_${table}_count_${event}`);
      await queryRunner.query(`
        CREATE TRIGGER tr_${table}_count_insert AFTER INSERT ON ${table} BEGIN
          INSERT INTO record_counts (organisation_id, table_name, count) VALUES (NEW.organisation_id, '${table}', 1)
          ON CONFLICT (organisation_id, table_name) DO UPDATE SET count = count + 1;
        END`);
      await queryRunner.query(`
        CREATE TRIGGER tr_${table}_count_delete AFTER DELETE ON ${table} BEGIN
          UPDATE record_counts SET count = count - 1 WHERE organisation_id = OLD.organisation_id AND table_name = '${table}';
        END`);
    }
    await queryRunner.query('ALTER TABLE record_counts DROP COLUMN changes');
  }
}
