import { inject, injectable } from 'inversify';
import { ImportLog, KeptImport } from '../../../../application/import/import.ports';
import { ImportMode, ImportStatus } from '../../../../application/import/import-records';
import { TypeOrmDatabase } from '../engine';

/**
 * Imports in the table `imports` (migration 1090), read and written by raw
 * statements as the idempotency keys are: a row per import, its unknown
 * columns and its rows' errors as JSON (an import holds at most 1 000 rows).
 * Times are epoch milliseconds, the flag 0 or 1, alike on both engines.
 */
@injectable()
export class TypeOrmImportLog implements ImportLog {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async add(kept: KeptImport): Promise<void> {
    const query = this.db.sql(
      `INSERT INTO imports (id, unique_id, organisation_id, created_by_id, resource, mode, dry_run, status, row_count, created_count,
         updated_count, unchanged_count, invalid_count, unknown_columns, errors, date_created)
       VALUES (:id, :uniqueId, :organisationId, :createdById, :resource, :mode, :dryRun, :status, :rows, :created,
         :updated, :unchanged, :invalid, :unknownColumns, :errors, :dateCreated)`,
      {
        id: kept.id,
        uniqueId: kept.uniqueId,
        organisationId: kept.organisationId,
        createdById: kept.createdById,
        resource: kept.resource,
        mode: kept.mode,
        dryRun: kept.dryRun ? 1 : 0,
        status: kept.status,
        rows: kept.rows,
        created: kept.created,
        updated: kept.updated,
        unchanged: kept.unchanged,
        invalid: kept.invalid,
        unknownColumns: JSON.stringify(kept.unknownColumns),
        errors: JSON.stringify(kept.errors),
        dateCreated: kept.dateCreated.getTime(),
      },
    );
    await this.db.run((manager) => manager.query(query.sql, query.parameters));
  }

  async find(organisationId: string, uniqueId: string): Promise<KeptImport | null> {
    const [table] = await this.db.read([
      this.db.sql('SELECT * FROM imports WHERE organisation_id = :organisationId AND unique_id = :uniqueId', { organisationId, uniqueId }),
    ]);
    const values = table.rows[0];
    if (!values) return null;
    const row = Object.fromEntries(table.columns.map((column, index) => [column, values[index]])) as Record<string, unknown>;
    return {
      id: String(row.id),
      uniqueId: String(row.unique_id),
      organisationId: String(row.organisation_id),
      createdById: String(row.created_by_id),
      resource: String(row.resource),
      mode: row.mode as ImportMode,
      dryRun: Number(row.dry_run) === 1,
      status: row.status as ImportStatus,
      rows: Number(row.row_count),
      created: Number(row.created_count),
      updated: Number(row.updated_count),
      unchanged: Number(row.unchanged_count),
      invalid: Number(row.invalid_count),
      unknownColumns: JSON.parse(String(row.unknown_columns)) as string[],
      errors: JSON.parse(String(row.errors)) as KeptImport['errors'],
      dateCreated: new Date(Number(row.date_created)),
    };
  }
}
