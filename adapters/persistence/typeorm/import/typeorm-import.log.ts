import { inject, injectable } from 'inversify';
import { ClaimedImport, ERRORS_IN_BODY, ImportLog, ImportProgress, ImportWork, KeptImport } from '../../../../application/import/import.ports';
import { ImportMode, ImportStatus, RowError } from '../../../../application/import/import-records';
import { Page, PageRequest } from '../../../../application/shared/page';
import { FieldErrors } from '../../../../domain/shared/errors';
import { NamedParameters, TypeOrmDatabase } from '../engine';
import { readListPage } from '../sql-page';
import { rowsReturned } from '../sql-returning';

const UNFINISHED = "status IN ('queued', 'running')";

/**
 * Imports in the table `imports` (migrations 1090, 1100), read and written by
 * raw statements as the idempotency keys are: a row per import, its unknown
 * columns as JSON, its bad rows in `import_errors` (a row each, written as
 * they come). A background import is claimed as outbox deliveries are: one
 * statement leases it, with SKIP LOCKED on Postgres, under the write lock on
 * SQLite. Times are epoch milliseconds, the flag 0 or 1, alike on both engines.
 */
@injectable()
export class TypeOrmImportLog implements ImportLog {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async add(kept: KeptImport, errors: RowError[]): Promise<void> {
    await this.db.transaction(async () => {
      await this.insert(kept, null);
      await this.addErrors(kept.id, errors);
    });
  }

  async queue(kept: KeptImport, work: ImportWork): Promise<void> {
    await this.insert(kept, work);
  }

  async find(organisationId: string, uniqueId: string): Promise<KeptImport | null> {
    const [found] = await this.db.select([this.db.sql('SELECT * FROM imports WHERE organisation_id = :organisationId AND unique_id = :uniqueId', { organisationId, uniqueId })]);
    if (found.length === 0) return null;
    const kept = keptOf(found[0]);
    kept.errors = (await this.errors(kept.id, { page: 1, pageSize: ERRORS_IN_BODY })).items;
    return kept;
  }

  async list(organisationId: string, createdById: string | undefined, request: PageRequest): Promise<Page<KeptImport>> {
    const { total, items } = await readListPage(
      this.db,
      {
        columns: '*',
        from: 'imports',
        where: createdById === undefined ? 'organisation_id = :organisationId' : 'organisation_id = :organisationId AND created_by_id = :createdById',
        orderBy: 'date_created DESC, id DESC',
        parameters: { organisationId, ...(createdById !== undefined && { createdById }) },
      },
      request,
    );
    return { total, items: items.map(keptOf) };
  }

  async errors(importId: string, request: PageRequest): Promise<Page<RowError>> {
    const { total, items } = await readListPage(
      this.db,
      { columns: 'row_number, errors', from: 'import_errors', where: 'import_id = :importId', orderBy: 'row_number', parameters: { importId } },
      request,
    );
    return { total, items: items.map((row) => ({ row: Number(row.row_number), errors: JSON.parse(String(row.errors)) as FieldErrors })) };
  }

  async claim(now: Date, leaseUntil: Date, claimToken: string): Promise<ClaimedImport | null> {
    // A read first: an idle queue costs a worker's round no write (on SQLite, no turn on the one writer).
    const due = `${UNFINISHED} AND (claimed_until IS NULL OR claimed_until <= :now)`;
    const [found] = await this.db.select([this.db.sql(`SELECT 1 AS due FROM imports WHERE ${due} LIMIT 1`, { now: now.getTime() })]);
    if (found.length === 0) return null;
    const skipLocked = this.db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
    const [claimed] = await this.returning(
      `UPDATE imports SET status = 'running', claim_token = :claimToken, claimed_until = :lease, claims = claims + 1 WHERE id IN (
         SELECT id FROM imports WHERE ${due} ORDER BY date_created, id LIMIT 1${skipLocked})
       RETURNING *`,
      { now: now.getTime(), lease: leaseUntil.getTime(), claimToken },
    );
    if (!claimed) return null;
    const work = JSON.parse(String(claimed.actor)) as Pick<ImportWork, 'actor' | 'organisationUniqueId'>;
    return {
      ...keptOf(claimed),
      ...work,
      contactGroup: claimed.contact_group === null ? null : String(claimed.contact_group),
      fileKey: String(claimed.file_key),
      fileSize: Number(claimed.file_size),
      claimToken,
      claims: Number(claimed.claims),
    };
  }

  async renew(id: string, claimToken: string, leaseUntil: Date): Promise<boolean> {
    const renewed = await this.returning(`UPDATE imports SET claimed_until = :lease WHERE id = :id AND claim_token = :claimToken AND ${UNFINISHED} RETURNING id`, {
      id,
      claimToken,
      lease: leaseUntil.getTime(),
    });
    return renewed.length > 0;
  }

  async release(id: string, claimToken: string, now: Date): Promise<void> {
    await this.write(`UPDATE imports SET claimed_until = :now, claims = claims - 1 WHERE id = :id AND claim_token = :claimToken AND ${UNFINISHED}`, {
      id,
      claimToken,
      now: now.getTime(),
    });
  }

  async progress(id: string, claimToken: string, progress: ImportProgress): Promise<boolean> {
    const { counts, finish } = progress;
    const moved = await this.returning(
      `UPDATE imports SET rows_done = :rowsDone, created_count = :created, updated_count = :updated, unchanged_count = :unchanged,
         invalid_count = :invalid, claimed_until = :lease, status = :status, date_finished = :finished
       WHERE id = :id AND claim_token = :claimToken AND ${UNFINISHED} RETURNING id`,
      {
        id,
        claimToken,
        ...counts,
        lease: finish ? null : progress.leaseUntil.getTime(),
        status: finish?.status ?? 'running',
        finished: finish?.at.getTime() ?? null,
      },
    );
    if (moved.length === 0) return false;
    await this.addErrors(id, progress.errors);
    return true;
  }

  private async insert(kept: KeptImport, work: ImportWork | null): Promise<void> {
    await this.write(
      `INSERT INTO imports (id, unique_id, organisation_id, created_by_id, resource, mode, dry_run, status, row_count, rows_done, created_count,
         updated_count, unchanged_count, invalid_count, unknown_columns, errors, date_created, date_finished, actor, contact_group, file_key, file_size)
       VALUES (:id, :uniqueId, :organisationId, :createdById, :resource, :mode, :dryRun, :status, :rows, :rowsDone, :created,
         :updated, :unchanged, :invalid, :unknownColumns, '[]', :dateCreated, :dateFinished, :actor, :contactGroup, :fileKey, :fileSize)`,
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
        rowsDone: kept.rowsDone,
        created: kept.created,
        updated: kept.updated,
        unchanged: kept.unchanged,
        invalid: kept.invalid,
        unknownColumns: JSON.stringify(kept.unknownColumns),
        dateCreated: kept.dateCreated.getTime(),
        dateFinished: kept.dateFinished?.getTime() ?? null,
        actor: work ? JSON.stringify({ actor: work.actor, organisationUniqueId: work.organisationUniqueId }) : null,
        contactGroup: work?.contactGroup ?? null,
        fileKey: work?.fileKey ?? null,
        fileSize: work?.fileSize ?? null,
      },
    );
  }

  /** The bad rows, a statement per hundred (a chunk's are at most a few hundred). */
  private async addErrors(importId: string, errors: RowError[]): Promise<void> {
    for (let start = 0; start < errors.length; start += 100) {
      const batch = errors.slice(start, start + 100);
      const parameters: NamedParameters = { importId };
      const values = batch.map(({ row, errors: body }, index) => {
        parameters[`row${index}`] = row;
        parameters[`errors${index}`] = JSON.stringify(body);
        return `(:importId, :row${index}, :errors${index})`;
      });
      await this.write(`INSERT INTO import_errors (import_id, row_number, errors) VALUES ${values.join(', ')}`, parameters);
    }
  }

  private async write(text: string, parameters: NamedParameters): Promise<void> {
    await this.db.execute(this.db.sql(text, parameters));
  }

  private returning(text: string, parameters: NamedParameters): Promise<Record<string, unknown>[]> {
    return rowsReturned(this.db, this.db.sql(text, parameters));
  }
}

function keptOf(row: Record<string, unknown>): KeptImport {
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
    rowsDone: Number(row.rows_done),
    created: Number(row.created_count),
    updated: Number(row.updated_count),
    unchanged: Number(row.unchanged_count),
    invalid: Number(row.invalid_count),
    unknownColumns: JSON.parse(String(row.unknown_columns)) as string[],
    errors: [],
    dateCreated: new Date(Number(row.date_created)),
    dateFinished: row.date_finished === null || row.date_finished === undefined ? null : new Date(Number(row.date_finished)),
  };
}
