import { NotFound, PermissionDenied } from '../../domain/shared/errors';
import { RecordPlace } from '../records/record-context';
import { actingOf, Actor } from '../shared/actor';
import { FileRemovalQueue } from '../shared/file-removals';
import { FileStorage } from '../shared/file-storage';
import { ActingContext } from '../shared/history';
import { Clock, IdGenerator, UnitOfWork } from '../shared/ports';
import { RecordEvents } from '../webhook/record-events';
import { ImportCounts, ImportRecords, ImportRow, ImportStatus, NO_COUNTS, RowError } from './import-records';
import { ClaimedImport, ImportLog, ImportRowSource, KeptImport } from './import.ports';

/** Rows committed (`valid_rows`) or checked and rolled back (the check pass) together, with the import's progress. */
export const IMPORT_CHUNK_ROWS = 500;
/** An import's transactions hold many rows: each is a transaction of its own (`UnitOfWork.transaction`). */
const BULK = { bulk: true } as const;
/**
 * The most claims of an import that end without it (a failure other than a bad
 * row: its file or the database away, its process dying): the next claim ends
 * it as failed instead of running it again.
 */
export const IMPORT_MAX_CLAIMS = 5;
/** How long a claim holds without being renewed: a worker renews it every third of this while it runs. */
export const IMPORT_LEASE_MS = 15_000;

/** What a background import needs of the rest of the service. */
export interface RunImportsParts {
  log: ImportLog;
  source: ImportRowSource;
  /** The import of each resource, by the name the request gives it. */
  targets: Readonly<Record<string, ImportRecords<never, never>>>;
  unitOfWork: UnitOfWork;
  acting: ActingContext;
  events: RecordEvents;
  files: FileStorage;
  removals: FileRemovalQueue;
  clock: Clock;
  ids: IdGenerator;
}

/** Thrown when the claim was taken over (this worker was too slow to renew it): the step rolls back, the worker lets go. */
class ClaimLost extends Error {
  constructor() {
    super('The import was taken over by another worker.');
  }
}

/** Thrown between chunks once the process stops. */
class Stopping extends Error {
  constructor() {
    super('The process stops.');
  }
}

/** Carries a pass's result out of the transaction it rolls back. */
class RolledBack extends Error {
  constructor(
    readonly counts: ImportCounts,
    readonly errors: RowError[],
  ) {
    super('rolled back');
  }
}

/**
 * One round of the import worker (`OutboxWorker` runs it as it runs the
 * outboxes): claims an unfinished import, as deliveries are claimed, and runs
 * it in the background, renewing its lease while it runs.
 *
 * - `valid_rows`: the rows a chunk at a time, each chunk's rows committed
 *   with the import's progress (its counts, its bad rows), so that a worker
 *   that takes over resumes after the last committed chunk: no row twice.
 * - `all_or_nothing` and dry runs: a check pass, a chunk at a time, each
 *   rolled back (its progress and bad rows kept); a dry run ends there
 *   (`checked`), an import with a bad row too (`failed`, nothing written);
 *   otherwise the write pass, every row in one transaction with the end of
 *   the import (a takeover runs it again: nothing of it was committed).
 *
 * The last step removes the file (recorded for removal in its transaction)
 * and announces `import.completed`.
 */
export class RunImports {
  private stopping = false;

  constructor(private readonly parts: RunImportsParts) {}

  /** The import in progress stops after its current chunk and lets its claim go, for a worker to take over at once (a shutdown). */
  stop(): void {
    this.stopping = true;
  }

  async execute(limit: number): Promise<{ claimed: number; settled: Promise<void> }> {
    if (limit < 1 || this.stopping) return { claimed: 0, settled: Promise.resolve() };
    const claimToken = this.parts.ids.next();
    const claimed = await this.parts.log.claim(this.parts.clock.now(), this.leaseUntil(), claimToken);
    if (!claimed) return { claimed: 0, settled: Promise.resolve() };
    return { claimed: 1, settled: this.run(claimed) };
  }

  private leaseUntil(): Date {
    return new Date(this.parts.clock.now().getTime() + IMPORT_LEASE_MS);
  }

  private async run(claimed: ClaimedImport): Promise<void> {
    const { log, acting } = this.parts;
    const heartbeat = setInterval(() => {
      log.renew(claimed.id, claimed.claimToken, this.leaseUntil()).catch(() => undefined);
    }, IMPORT_LEASE_MS / 3);
    heartbeat.unref();
    const actor: Actor = claimed.actor;
    try {
      if (claimed.claims > IMPORT_MAX_CLAIMS) await this.abandon(claimed);
      else await acting.run(actingOf(actor), () => this.runAs(actor, claimed));
    } catch (error) {
      if (error instanceof Stopping) await log.release(claimed.id, claimed.claimToken, this.parts.clock.now()).catch(() => undefined);
      // Any other failure (the database away) is the worker's to log: the claim lapses and a worker takes the import over.
      else if (!(error instanceof ClaimLost)) throw error;
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async runAs(actor: Actor, claimed: ClaimedImport): Promise<void> {
    const records = this.parts.targets[claimed.resource];
    const place: RecordPlace = claimed.contactGroup === null ? claimed.organisationUniqueId : { organisation: claimed.organisationUniqueId, parent: claimed.contactGroup };
    try {
      await records.authorise(actor, place);
    } catch (error) {
      // The importer may no longer write there (they left, the organisation closed): no later claim would do better.
      if (!(error instanceof NotFound || error instanceof PermissionDenied)) throw error;
      return this.finish(claimed, this.written(claimed, countsOf(claimed)), 'failed', [{ row: this.nextRow(claimed), errors: { non_field_errors: [error.message] } }]);
    }
    const step = (rows: ImportRow[], counts: ImportCounts) => this.chunk(records, actor, place, claimed, rows, counts);
    const counts = await this.inChunks(claimed, writesAsItGoes(claimed) ? step : (rows, from) => this.check(records, actor, place, claimed, rows, from));
    if (writesAsItGoes(claimed)) return this.finish(claimed, counts, 'done');
    if (claimed.dryRun) return this.finish(claimed, counts, 'checked');
    if (counts.invalid > 0) return this.finish(claimed, noneWritten(counts), 'failed');
    await this.write(records, actor, place, claimed);
  }

  /** An import claimed too often without ending: failed, on the row it stood at, with what it wrote (`valid_rows`) kept. */
  private async abandon(claimed: ClaimedImport): Promise<void> {
    const kept = writesAsItGoes(claimed) ? 'the rows before it were written' : 'nothing was written';
    const detail =
      `The import was interrupted ${IMPORT_MAX_CLAIMS} times before it ended (its file or the database unavailable, or its process ` +
      `stopping) and was abandoned at this row: ${kept}. Import the file again.`;
    await this.finish(claimed, this.written(claimed, countsOf(claimed)), 'failed', [{ row: this.nextRow(claimed), errors: { non_field_errors: [detail] } }]);
  }

  /** What an import that ends before its end wrote: its counts for `valid_rows`, none created or updated otherwise. */
  private written(claimed: ClaimedImport, counts: ImportCounts): ImportCounts {
    return writesAsItGoes(claimed) ? counts : noneWritten(counts);
  }

  /** The file's row the import stands at (the header is row 1): the next to do, or the last once every row was read. */
  private nextRow(claimed: ClaimedImport): number {
    return Math.min(claimed.rowsDone + 1, Math.max(claimed.rows, 1)) + 1;
  }

  /** The rows after those already done, a chunk at a time through `step`, which answers the counts after it. */
  private async inChunks(claimed: ClaimedImport, step: (rows: ImportRow[], counts: ImportCounts) => Promise<ImportCounts>): Promise<ImportCounts> {
    let counts = countsOf(claimed);
    let chunk: ImportRow[] = [];
    for await (const row of this.parts.source.rows(claimed, claimed.rowsDone)) {
      chunk.push(row);
      if (chunk.length < IMPORT_CHUNK_ROWS) continue;
      if (this.stopping) throw new Stopping();
      counts = await step(chunk, counts);
      chunk = [];
    }
    if (chunk.length > 0) counts = await step(chunk, counts);
    return counts;
  }

  /** `valid_rows`: the chunk's rows written, with the progress, in one transaction. */
  private async chunk(records: ImportRecords<never, never>, actor: Actor, place: RecordPlace, claimed: ClaimedImport, rows: ImportRow[], counts: ImportCounts): Promise<ImportCounts> {
    return this.parts.unitOfWork.transaction(async () => {
      const errors: RowError[] = [];
      const after = await records.rows(actor, place, rows, counts, (error) => errors.push(error));
      await this.progress(claimed, { counts: after, errors, leaseUntil: this.leaseUntil() });
      return after;
    }, BULK);
  }

  /** The check pass: the chunk's rows as the import would write them, rolled back; then the progress. */
  private async check(records: ImportRecords<never, never>, actor: Actor, place: RecordPlace, claimed: ClaimedImport, rows: ImportRow[], counts: ImportCounts): Promise<ImportCounts> {
    const errors: RowError[] = [];
    const after = await this.rolledBack(() => records.rows(actor, place, rows, counts, (error) => errors.push(error)));
    await this.parts.unitOfWork.transaction(() => this.progress(claimed, { counts: after, errors, leaseUntil: this.leaseUntil() }));
    return after;
  }

  /** What `work` counts, in a transaction it then rolls back. */
  private async rolledBack(work: () => Promise<ImportCounts>): Promise<ImportCounts> {
    try {
      await this.parts.unitOfWork.transaction(async () => {
        throw new RolledBack(await work(), []);
      }, BULK);
    } catch (error) {
      if (error instanceof RolledBack) return error.counts;
      throw error;
    }
    throw new Error('A rolled-back transaction committed.');
  }

  /**
   * The write pass of an `all_or_nothing` import: every row, and the end of
   * the import, in one transaction. A row refused now (one that changed since
   * the check) rolls it all back: `failed`, with that row's errors.
   */
  private async write(records: ImportRecords<never, never>, actor: Actor, place: RecordPlace, claimed: ClaimedImport): Promise<void> {
    try {
      await this.parts.unitOfWork.transaction(async () => {
        const errors: RowError[] = [];
        const counts = await records.rows(actor, place, this.parts.source.rows(claimed, 0), { ...NO_COUNTS }, (error) => errors.push(error));
        if (counts.invalid > 0) throw new RolledBack(noneWritten(counts), errors);
        await this.ended(claimed, counts, [], 'done');
      }, BULK);
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error;
      return this.finish(claimed, error.counts, 'failed', error.errors);
    }
    await this.removeFile(claimed);
  }

  /** Ends the import in a transaction of its own. */
  private async finish(claimed: ClaimedImport, counts: ImportCounts, status: ImportStatus, errors: RowError[] = []): Promise<void> {
    await this.parts.unitOfWork.transaction(() => this.ended(claimed, counts, errors, status));
    await this.removeFile(claimed);
  }

  /** In the current transaction: the import's end, its file recorded for removal, and `import.completed`. */
  private async ended(claimed: ClaimedImport, counts: ImportCounts, errors: RowError[], status: ImportStatus): Promise<void> {
    const at = this.parts.clock.now();
    await this.progress(claimed, { counts, errors, leaseUntil: at, finish: { status, at } });
    await this.parts.removals.add('imports', claimed.fileKey, at);
    const { actor, contactGroup, fileKey, fileSize, claimToken, claims, organisationUniqueId, ...kept } = claimed;
    const view: KeptImport = { ...kept, ...counts, status, dateFinished: at, errors: [] };
    await this.parts.events.publish({
      organisation: { id: claimed.organisationId, uniqueId: organisationUniqueId },
      type: 'import.completed',
      recordId: claimed.id,
      subject: { model: 'import', view },
    });
  }

  private async progress(claimed: ClaimedImport, progress: Parameters<ImportLog['progress']>[2]): Promise<void> {
    if (!(await this.parts.log.progress(claimed.id, claimed.claimToken, progress))) throw new ClaimLost();
  }

  /** The file, once the import ended: removed now if the storage answers, else by the sweep of the removals. */
  private async removeFile(claimed: ClaimedImport): Promise<void> {
    try {
      await this.parts.files.remove(claimed.fileKey);
      await this.parts.removals.done('imports', claimed.fileKey);
    } catch {
      // Still recorded for removal: the sweep tries again.
    }
  }
}

/** The counts of an import that wrote nothing: its rows' checks, none created or updated. */
function noneWritten(counts: ImportCounts): ImportCounts {
  return { ...counts, created: 0, updated: 0 };
}

/** `valid_rows` (not a dry run): each chunk's rows committed as it goes. */
function writesAsItGoes(claimed: ClaimedImport): boolean {
  return claimed.mode === 'valid_rows' && !claimed.dryRun;
}

/** The counts an import had when it was claimed. */
function countsOf(claimed: ClaimedImport): ImportCounts {
  const { rowsDone, created, updated, unchanged, invalid } = claimed;
  return { rowsDone, created, updated, unchanged, invalid };
}
