import { ImportMode, RowError } from '../../../application/import/import-records';
import { KeptImport } from '../../../application/import/import.ports';
import { Choices } from '../../../domain/shared/choices';
import { wireSchema } from '../shared/wire-schema';

/** The lists a file may be imported into, by the name the request gives them. */
export type ImportResource = 'vendors' | 'clients' | 'leads' | 'accounts' | 'contacts';

export const RESOURCES = new Choices<ImportResource>([
  ['vendors', 'Vendors'],
  ['clients', 'Clients'],
  ['leads', 'Leads'],
  ['accounts', 'Accounts'],
  ['contacts', 'Contacts'],
]);
export const MODES = new Choices<ImportMode>([
  ['all_or_nothing', 'All or nothing'],
  ['valid_rows', 'Valid rows'],
]);

export const ROW_ERROR_SCHEMA = wireSchema.named(
  'ImportRowError',
  wireSchema.object<{ row: number; errors: object }>({
    row: wireSchema.described(wireSchema.integer({ min: 2 }), 'The row in the file, its header being row 1.'),
    errors: { json: { type: 'object', description: 'The errors of the row, as the create or update of the record answers them.' }, components: {} },
  }),
);

const STATUS = wireSchema.described(
  wireSchema.choice(['queued', 'running', 'checked', 'done', 'failed'] as const),
  '`queued`: a file of more rows than are imported within the request, waiting for a worker; `running`: a worker imports it (`rows_done` of `rows`); `checked`: a dry run; `done`: written; `failed`: a row was refused in `all_or_nothing`, nothing written.',
);

/** Everything but the errors: an item of the list of imports. */
const SUMMARY_FIELDS = {
  unique_id: wireSchema.uniqueId(),
  resource: wireSchema.choice(RESOURCES),
  mode: wireSchema.choice(MODES),
  dry_run: wireSchema.boolean(),
  status: STATUS,
  rows: wireSchema.described(wireSchema.integer({ min: 0 }), "The file's rows, its header aside."),
  rows_done: wireSchema.described(wireSchema.integer({ min: 0 }), 'The rows read so far (checked, in the check pass of an `all_or_nothing` import or a dry run): `rows` once it ended.'),
  created: wireSchema.integer({ min: 0 }),
  updated: wireSchema.integer({ min: 0 }),
  unchanged: wireSchema.integer({ min: 0 }),
  invalid: wireSchema.integer({ min: 0 }),
  unknown_columns: wireSchema.described(wireSchema.array(wireSchema.text()), 'Header names that are no column of the list: not read.'),
  date_created: wireSchema.dateTime(),
  date_finished: wireSchema.described(wireSchema.nullable(wireSchema.dateTime()), 'When it ended; null while it is queued or running.'),
};

type Summary = ReturnType<typeof presentImportSummary>;
type Presented = ReturnType<typeof presentImport>;

export const IMPORT_SUMMARY_SCHEMA = wireSchema.named('ImportSummary', wireSchema.object<Summary>(SUMMARY_FIELDS));

export const IMPORT_SCHEMA = wireSchema.named(
  'Import',
  wireSchema.object<Presented>({
    ...SUMMARY_FIELDS,
    errors: wireSchema.described(wireSchema.array(ROW_ERROR_SCHEMA), 'The first 1 000 bad rows (every one of a file imported within its request); all of them in `errors/`.'),
  }),
);

export const presentRowError = ({ row, errors }: RowError) => ({ row, errors: errors as object });

export function presentImportSummary(kept: KeptImport) {
  return {
    unique_id: kept.uniqueId,
    resource: kept.resource as ImportResource,
    mode: kept.mode,
    dry_run: kept.dryRun,
    status: kept.status,
    rows: kept.rows,
    rows_done: kept.rowsDone,
    created: kept.created,
    updated: kept.updated,
    unchanged: kept.unchanged,
    invalid: kept.invalid,
    unknown_columns: kept.unknownColumns,
    date_created: kept.dateCreated.toISOString(),
    date_finished: kept.dateFinished?.toISOString() ?? null,
  };
}

/** An import as its answer, `GET imports/{id}/` and `import.completed` give it. */
export function presentImport(kept: KeptImport) {
  return { ...presentImportSummary(kept), errors: kept.errors.map(presentRowError) };
}
