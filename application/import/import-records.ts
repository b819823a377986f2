import { DomainError, FieldErrors, ValidationFailed } from '../../domain/shared/errors';
import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Actor } from '../shared/actor';
import { RecordContext, RecordPlace } from '../records/record-context';
import { KeptRecord } from '../records/record-kind';
import { recordUseCases } from '../records/record-use-cases';
import { RecordView } from '../records/record-views';

/** `all_or_nothing`: one transaction, nothing written on any error; `valid_rows`: each good row written on its own. */
export type ImportMode = 'all_or_nothing' | 'valid_rows';

/**
 * `queued`: a background import waiting for a worker; `running`: a worker has it;
 * `checked`: a dry run; `done`: written; `failed`: an `all_or_nothing` import that met a bad row, nothing written.
 */
export type ImportStatus = 'queued' | 'running' | 'checked' | 'done' | 'failed';

/**
 * One row of a file, as the adapter read it: its number in the file, the
 * unique_id it names (if any), and its values bound as a create's body or as
 * an update's changes to the record as it is now (none when it holds every
 * value already); both throw `ValidationFailed` with the field errors.
 */
export interface ImportRow {
  readonly row: number;
  readonly uniqueId?: string;
  creation(): { uniqueId?: string };
  changesFrom(current: RecordView): object | undefined;
}

export interface RowError {
  row: number;
  errors: FieldErrors;
}

/** What an import did so far: the rows read (`rowsDone`) and what became of them. */
export interface ImportCounts {
  rowsDone: number;
  created: number;
  updated: number;
  unchanged: number;
  invalid: number;
}

export const NO_COUNTS: Readonly<ImportCounts> = { rowsDone: 0, created: 0, updated: 0, unchanged: 0, invalid: 0 };

export interface ImportResult {
  status: ImportStatus;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  invalid: number;
  errors: RowError[];
}

/** What rolls a dry run or a failed `all_or_nothing` import back, carrying its result out of the transaction. */
class RolledBack extends Error {
  constructor(readonly result: ImportResult) {
    super('import rolled back');
  }
}

/** The DRF body of a refused row: a field's errors, or the `detail` of a 404 or a 409. */
function errorsOf(error: unknown): FieldErrors | undefined {
  if (error instanceof ValidationFailed) return error.errors;
  if (error instanceof DomainError && error.code !== 'permission_denied') return { non_field_errors: [error.message] };
  return undefined;
}

/**
 * Imports rows into one kind of record through the same use cases as the
 * one-record API (`GetRecord`, `CreateRecord`, `UpdateRecord`), so that each
 * row is validated, authorised, kept in history and announced as a create or
 * an update made by hand. A row naming the unique_id of an existing record
 * updates it, unless it holds every value already (unchanged); any other row
 * creates one (with the unique_id it names, if any).
 */
export class ImportRecords<T extends KeptRecord<S>, S extends OrganisationRecordState> {
  private readonly useCases: ReturnType<typeof recordUseCases<T, S>>;

  constructor(private readonly context: RecordContext<T, S>) {
    this.useCases = recordUseCases(context);
  }

  /** The caller may write records of the kind there (else 404 or 403), before a file is read. */
  async authorise(actor: Actor, place: RecordPlace): Promise<void> {
    await this.context.authorise(actor, place, 'write');
  }

  async execute(actor: Actor, place: RecordPlace, rows: AsyncIterable<ImportRow>, options: { mode: ImportMode; dryRun: boolean }): Promise<ImportResult> {
    await this.authorise(actor, place);
    const { unitOfWork } = this.context;
    if (!options.dryRun && options.mode === 'valid_rows') return this.run(actor, place, rows, 'done');
    // A dry run writes as the import would, in a transaction it then rolls back.
    try {
      return await unitOfWork.transaction(async () => {
        const result = await this.run(actor, place, rows, options.dryRun ? 'checked' : 'done');
        if (options.dryRun) throw new RolledBack(result);
        if (result.invalid > 0) throw new RolledBack({ ...result, status: 'failed', created: 0, updated: 0 });
        return result;
      }, { bulk: true });
    } catch (error) {
      if (error instanceof RolledBack) return error.result;
      throw error;
    }
  }

  private async run(actor: Actor, place: RecordPlace, rows: AsyncIterable<ImportRow>, status: ImportStatus): Promise<ImportResult> {
    const errors: RowError[] = [];
    const counts = await this.rows(actor, place, rows, { ...NO_COUNTS }, (error) => errors.push(error));
    return { status, rows: counts.rowsDone, created: counts.created, updated: counts.updated, unchanged: counts.unchanged, invalid: counts.invalid, errors };
  }

  /**
   * Imports `rows` in the current transaction (or each on its own), counting
   * on from `counts`: each bad row is handed to `refused` as it comes, so that
   * nothing holds the errors of a whole file. A failure other than a row's
   * (the database away) is thrown.
   */
  async rows(actor: Actor, place: RecordPlace, rows: AsyncIterable<ImportRow> | Iterable<ImportRow>, counts: ImportCounts, refused: (error: RowError) => void): Promise<ImportCounts> {
    const tally = { ...counts };
    for await (const row of rows) {
      tally.rowsDone += 1;
      try {
        tally[await this.importRow(actor, place, row)] += 1;
      } catch (error) {
        const errors = errorsOf(error);
        if (errors === undefined) throw error;
        tally.invalid += 1;
        refused({ row: row.row, errors });
      }
    }
    return tally;
  }

  private async importRow(actor: Actor, place: RecordPlace, row: ImportRow): Promise<'created' | 'updated' | 'unchanged'> {
    const existing = row.uniqueId === undefined ? undefined : await this.current(actor, place, row.uniqueId);
    if (existing === undefined) {
      await this.useCases.create.execute(actor, place, row.creation());
      return 'created';
    }
    const changes = row.changesFrom(existing);
    if (changes === undefined) return 'unchanged';
    await this.useCases.update.execute(actor, place, row.uniqueId as string, changes);
    return 'updated';
  }

  /** The record the row names, as the one-record API reads it; none when there is none. */
  private async current(actor: Actor, place: RecordPlace, uniqueId: string): Promise<RecordView<S> | undefined> {
    try {
      return await this.useCases.get.execute(actor, place, uniqueId);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not_found') return undefined;
      throw error;
    }
  }
}
