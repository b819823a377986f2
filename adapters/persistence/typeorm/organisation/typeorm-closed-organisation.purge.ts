import { inject, injectable } from 'inversify';
import { ClosedOrganisationPurge, LeftFile } from '../../../../application/organisation/organisation.ports';
import { FileNamespace } from '../../../../application/shared/file-storage';
import { TypeOrmDatabase } from '../engine';

/** One table of an organisation's data: the rows `where` selects (`:organisationId`), by their key, and the stored file a row may hold. */
interface PurgedTable {
  table: string;
  key: string;
  where: string;
  file?: { namespace: FileNamespace; column: string };
}

const OF_ORGANISATION = 'organisation_id = :organisationId';
const OF_ITS_ENDPOINTS = 'endpoint_id IN (SELECT id FROM webhook_endpoints WHERE organisation_id = :organisationId)';
const of = (table: string, key = 'id', file?: PurgedTable['file']): PurgedTable => ({ table, key, where: OF_ORGANISATION, file });

/**
 * Every table that holds an organisation's data, in the order they are
 * emptied: what a foreign key names after what names it (an expense before its
 * account, vendor and project; a lead before its stage and client; a contact
 * before its group), the outbox's rows before their endpoints and events, the
 * memberships and counts near the end, and the organisation's own row (its
 * logo) last. A new table with an `organisation_id` belongs here: the
 * end-to-end test of closing counts the rows of every such table.
 */
const PURGED_TABLES: readonly PurgedTable[] = [
  { table: 'webhook_deliveries', key: 'seq', where: OF_ITS_ENDPOINTS },
  { table: 'webhook_attempts', key: 'id', where: OF_ITS_ENDPOINTS },
  of('webhook_events'),
  of('webhook_endpoints'),
  of('notification_deliveries', 'seq'),
  of('expenses', 'id', { namespace: 'receipts', column: 'receipt_key' }),
  of('leads'),
  of('projects'),
  of('contacts'),
  of('contact_groups'),
  of('vendors'),
  of('clients'),
  of('sales_stages'),
  of('accounts'),
  of('api_keys'),
  of('invitations'),
  // An import's bad rows (no key of the organisation's), then the import with its file while it still waits to run.
  { table: 'import_errors', key: 'import_id', where: 'import_id IN (SELECT id FROM imports WHERE organisation_id = :organisationId)' },
  of('imports', 'id', { namespace: 'imports', column: 'file_key' }),
  of('history'),
  of('memberships', 'person_id'),
  // Kept by the triggers of the tables above as their rows go: emptied after them.
  of('record_counts', 'table_name'),
  { table: 'organisations', key: 'id', where: 'id = :organisationId', file: { namespace: 'pictures', column: 'logo_key' } },
];

/**
 * The deletion of a closed organisation's data, a batch of one table at a
 * time, in the caller's transaction: each batch is short (SQLite's one writer
 * is never held long) and complete in itself, so a deletion cut short by a
 * crash goes on from what is left at the next run.
 */
@injectable()
export class TypeOrmClosedOrganisationPurge implements ClosedOrganisationPurge {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async anyDue(now: Date): Promise<boolean> {
    const [rows] = await this.db.select([this.db.sql('SELECT 1 AS due FROM organisations WHERE deletion_due_at IS NOT NULL AND deletion_due_at <= :now LIMIT 1', { now })]);
    return rows.length > 0;
  }

  async claimDue(now: Date): Promise<{ id: string } | null> {
    // Postgres passes over an organisation another process is deleting; SQLite's transactions take turns anyway.
    const skipLocked = this.db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
    const [rows] = await this.db.select([
      this.db.sql(
        `SELECT id FROM organisations WHERE deletion_due_at IS NOT NULL AND deletion_due_at <= :now ORDER BY deletion_due_at, id LIMIT 1${skipLocked}`,
        { now },
      ),
    ]);
    return rows.length === 0 ? null : { id: String(rows[0].id) };
  }

  async deleteBatch(organisationId: string, limit: number): Promise<{ files: LeftFile[]; finished: boolean }> {
    for (const purged of PURGED_TABLES) {
      const columns = purged.file ? `${purged.key} AS k, ${purged.file.column} AS f` : `${purged.key} AS k`;
      const [rows] = await this.db.select([
        this.db.sql(`SELECT ${columns} FROM ${purged.table} WHERE ${purged.where} LIMIT ${limit}`, { organisationId }),
      ]);
      if (rows.length === 0) continue;
      const keys = rows.map((row) => row.k as string | number);
      await this.db.execute(this.db.sql(`DELETE FROM ${purged.table} WHERE ${purged.where} AND ${purged.key} IN (:...keys)`, { organisationId, keys }));
      const files = purged.file ? rows.filter((row) => row.f !== null && row.f !== undefined).map((row) => ({ namespace: purged.file!.namespace, key: String(row.f) })) : [];
      return { files, finished: purged.table === 'organisations' };
    }
    return { files: [], finished: true };
  }
}
