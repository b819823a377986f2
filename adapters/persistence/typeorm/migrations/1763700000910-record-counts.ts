import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { column as c, queryRunnerDialect, tableColumns } from '../columns';

/** The tables whose organisation-wide lists answer their total from `record_counts`. */
export const COUNTED_TABLES = ['vendors', 'expenses', 'leads', 'clients'];

/**
 * How many rows each organisation has in each large table, kept by triggers
 * in the transaction of every insert and delete: the unfiltered list's
 * `X-Total-Count` is then one row read, not a count of the organisation's
 * index, which grows with the organisation. Filtered lists still count.
 */
export class RecordCounts1763700000910 implements MigrationInterface {
  name = 'RecordCounts1763700000910';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = queryRunnerDialect(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'record_counts',
        columns: tableColumns(dialect, {
          organisation_id: c.ref().primary(),
          table_name: c.varchar(63).primary(),
          count: c.integer(),
        }),
        foreignKeys: [{ columnNames: ['organisation_id'], referencedTableName: 'organisations', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    if (dialect === 'postgres') {
      // Once per statement over its transition table: a bulk insert updates each
      // organisation's count once. A trigger per row would update the same
      // counter row once per inserted row, each update a new row version that
      // the next must step over (a 100 000-row insert took minutes).
      await queryRunner.query(`
        CREATE FUNCTION record_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO record_counts (organisation_id, table_name, count)
            SELECT organisation_id, TG_TABLE_NAME, COUNT(*) FROM added GROUP BY organisation_id
          ON CONFLICT (organisation_id, table_name) DO UPDATE SET count = record_counts.count + EXCLUDED.count;
          RETURN NULL;
        END $$`);
      await queryRunner.query(`
        CREATE FUNCTION record_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE record_counts SET count = record_counts.count - gone.n
            FROM (SELECT organisation_id, COUNT(*) AS n FROM removed GROUP BY organisation_id) gone
            WHERE record_counts.organisation_id = gone.organisation_id AND record_counts.table_name = TG_TABLE_NAME;
          RETURN NULL;
        END $$`);
    }
    for (const table of COUNTED_TABLES) {
      if (dialect === 'postgres') {
        // An INSERT … ON CONFLICT DO UPDATE (how rows are saved) puts only the rows it inserted in `added`.
        await queryRunner.query(
          `CREATE TRIGGER tr_${table}_count_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS added ` +
            'FOR EACH STATEMENT EXECUTE FUNCTION record_counts_added()',
        );
        await queryRunner.query(
          `CREATE TRIGGER tr_${table}_count_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS removed ` +
            'FOR EACH STATEMENT EXECUTE FUNCTION record_counts_removed()',
        );
      } else {
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
      await queryRunner.query(
        `INSERT INTO record_counts (organisation_id, table_name, count) SELECT organisation_id, '${table}', COUNT(*) FROM ${table} GROUP BY organisation_id`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunnerDialect(queryRunner) === 'postgres';
    for (const table of [...COUNTED_TABLES].reverse()) {
      const on = postgres ? ` ON ${table}` : '';
      await queryRunner.query(`DROP TRIGGER tr_${table}_count_insert${on}`);
      await queryRunner.query(`DROP TRIGGER tr_${table}_count_delete${on}`);
    }
    if (postgres) {
      await queryRunner.query('DROP FUNCTION record_counts_added()');
      await queryRunner.query('DROP FUNCTION record_counts_removed()');
    }
    await queryRunner.dropTable('record_counts');
  }
}
