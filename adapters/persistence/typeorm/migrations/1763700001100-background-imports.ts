import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Background imports (issue 45): an import may be `queued` or `running`, its
 * file kept in the file storage under `file_key` until it ends, its progress
 * in `rows_done`, claimed by a worker as outbox deliveries are (`claim_token`
 * names the claim, `claimed_until` when its lease lapses); who ran it (the
 * actor, an API key's reference included) and the contact group it writes to,
 * for the worker. The rows' errors move to `import_errors`, a row per bad row,
 * so that an import of 100 000 rows never holds them in one value; the old
 * column `errors` stays, always '[]'. Times are epoch milliseconds.
 */
export class BackgroundImports1763700001100 implements MigrationInterface {
  name = 'BackgroundImports1763700001100';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const column of [
      'rows_done integer NOT NULL DEFAULT 0',
      'contact_group varchar(100) NULL',
      'actor text NULL',
      'file_key varchar(120) NULL',
      'file_size bigint NULL',
      'claim_token varchar(36) NULL',
      'claimed_until bigint NULL',
      'date_finished bigint NULL',
    ]) {
      await queryRunner.query(`ALTER TABLE imports ADD COLUMN ${column}`);
    }
    await queryRunner.query('UPDATE imports SET rows_done = row_count, date_finished = date_created');
    await queryRunner.query(`CREATE TABLE import_errors (
      import_id varchar(36) NOT NULL,
      row_number integer NOT NULL,
      errors text NOT NULL,
      PRIMARY KEY (import_id, row_number)
    )`);
    // The errors kept so far (at most 1 000 per import) into their rows.
    const kept = (await queryRunner.query("SELECT id, errors FROM imports WHERE errors <> '[]'")) as { id: string; errors: string }[];
    const postgres = queryRunner.connection.options.type === 'postgres';
    for (const { id, errors } of kept) {
      for (const { row, errors: body } of JSON.parse(errors) as { row: number; errors: object }[]) {
        await queryRunner.query(`INSERT INTO import_errors (import_id, row_number, errors) VALUES (${postgres ? '$1, $2, $3' : '?, ?, ?'})`, [id, row, JSON.stringify(body)]);
      }
    }
    await queryRunner.query("UPDATE imports SET errors = '[]'");
    // What a worker claims (the unfinished imports), and each organisation's list, newest first.
    await queryRunner.query("CREATE INDEX ix_imports_unfinished ON imports (claimed_until) WHERE status IN ('queued', 'running')");
    await queryRunner.query('CREATE INDEX ix_imports_list ON imports (organisation_id, date_created, id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ix_imports_list');
    await queryRunner.query('DROP INDEX ix_imports_unfinished');
    await queryRunner.query('DROP TABLE import_errors');
    for (const column of ['date_finished', 'claimed_until', 'claim_token', 'file_size', 'file_key', 'actor', 'contact_group', 'rows_done']) {
      await queryRunner.query(`ALTER TABLE imports DROP COLUMN ${column}`);
    }
  }
}
