import { GetImport } from '../../../application/import/get-import.use-case';
import { ImportMode, ImportRecords, ImportRow, RowError } from '../../../application/import/import-records';
import { KeptImport } from '../../../application/import/import.ports';
import { KeepImport } from '../../../application/import/keep-import.use-case';
import { RecordPlace } from '../../../application/records/record-context';
import { IncomingFile } from '../../../application/shared/incoming-file';
import { offsetOf } from '../../../application/shared/page';
import { Choices } from '../../../domain/shared/choices';
import { ValidationFailed } from '../../../domain/shared/errors';
import { FIELD_MESSAGES } from '../../../domain/shared/field-messages';
import { ResourceDeclaration } from '../../declaration/resource-declaration';
import { actorOf } from '../middleware/authentication';
import { answers } from '../shared/answers';
import { bindBody } from '../shared/bind-body';
import { API_PREFIX, HttpController } from '../shared/controller';
import { Routes } from '../shared/routes';
import { readPage, sendPage } from '../validation/query';
import { wireSchema } from '../shared/wire-schema';
import { fields } from '../validation/fields';
import { fileField } from '../validation/file-field';
import { Input } from '../validation/input';
import { ImportColumns } from './import-columns';
import { badFile, checkFile, csvRecords, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MAX_ROWS_NOW } from './import-file';

/** The lists a file may be imported into, by the name the request gives them. */
export type ImportResource = 'vendors' | 'clients' | 'leads' | 'accounts' | 'contacts';

const RESOURCES = new Choices<ImportResource>([
  ['vendors', 'Vendors'],
  ['clients', 'Clients'],
  ['leads', 'Leads'],
  ['accounts', 'Accounts'],
  ['contacts', 'Contacts'],
]);
const MODES = new Choices<ImportMode>([
  ['all_or_nothing', 'All or nothing'],
  ['valid_rows', 'Valid rows'],
]);

/** A resource an import writes: its declaration, and the import over its record kind. */
export interface ImportTarget {
  declaration: ResourceDeclaration;
  records: ImportRecords<never, never>;
}

export class ImportInput {
  @Input('file', fileField({ required: true }), {
    description: `A CSV file as the list's export writes it (UTF-8 with or without a BOM, \`,\` or \`;\` between cells, CR LF or LF): at most ${IMPORT_MAX_BYTES / 1024 / 1024} MiB and ${IMPORT_MAX_ROWS} rows, of which ${IMPORT_MAX_ROWS_NOW} are imported at once for now.`,
  })
  file!: IncomingFile;

  @Input('resource', fields.choice(RESOURCES, { required: true }), { description: 'The list the rows go to.' })
  resource!: ImportResource;

  @Input('contact_group', fields.text({ max: 64 }), { description: 'The contact group (its `unique_id`) that imported contacts join; required with `contacts`.' })
  contactGroup?: string;

  @Input('dry_run', fields.boolean(), { description: 'Check every row as the import would, and write nothing.' })
  dryRun?: boolean;

  @Input('mode', fields.choice(MODES), { description: '`all_or_nothing` (the default): nothing is written if a row is refused; `valid_rows`: every other row is.' })
  mode?: ImportMode;
}

const ROW_ERROR_SCHEMA = wireSchema.named(
  'ImportRowError',
  wireSchema.object<{ row: number; errors: object }>({
    row: wireSchema.described(wireSchema.integer({ min: 2 }), 'The row in the file, its header being row 1.'),
    errors: { json: { type: 'object', description: 'The errors of the row, as the create or update of the record answers them.' }, components: {} },
  }),
);

type PresentedImport = ReturnType<typeof presentImport>;

const IMPORT_SCHEMA = wireSchema.named(
  'Import',
  wireSchema.object<PresentedImport>({
    unique_id: wireSchema.uniqueId(),
    resource: wireSchema.choice(RESOURCES),
    mode: wireSchema.choice(MODES),
    dry_run: wireSchema.boolean(),
    status: wireSchema.described(wireSchema.choice(['checked', 'done', 'failed'] as const), '`checked`: a dry run; `done`: written; `failed`: a row was refused in `all_or_nothing`, nothing written.'),
    rows: wireSchema.integer({ min: 0 }),
    created: wireSchema.integer({ min: 0 }),
    updated: wireSchema.integer({ min: 0 }),
    unchanged: wireSchema.integer({ min: 0 }),
    invalid: wireSchema.integer({ min: 0 }),
    unknown_columns: wireSchema.described(wireSchema.array(wireSchema.text()), 'Header names that are no column of the list: not read.'),
    errors: wireSchema.array(ROW_ERROR_SCHEMA),
    date_created: wireSchema.dateTime(),
  }),
);

const presentRowError = ({ row, errors }: RowError) => ({ row, errors: errors as object });

function presentImport(kept: KeptImport) {
  return {
    unique_id: kept.uniqueId,
    resource: kept.resource as ImportResource,
    mode: kept.mode,
    dry_run: kept.dryRun,
    status: kept.status,
    rows: kept.rows,
    created: kept.created,
    updated: kept.updated,
    unchanged: kept.unchanged,
    invalid: kept.invalid,
    unknown_columns: kept.unknownColumns,
    errors: kept.errors.map(presentRowError),
    date_created: kept.dateCreated.toISOString(),
  };
}

/** The file's rows, after its header, as the import reads them: numbered as a spreadsheet shows them. */
async function* rowsOf(file: IncomingFile, columns: ImportColumns): AsyncGenerator<ImportRow> {
  let number = 0;
  for await (const record of csvRecords(file)) {
    number += 1;
    if (number > 1) yield columns.rowOf(number, record);
  }
}

/** `POST organisation/{org}/imports/`: a CSV file's rows into one of the organisation's lists. */
export class ImportController implements HttpController {
  constructor(
    private readonly targets: Readonly<Record<ImportResource, ImportTarget>>,
    private readonly keep: KeepImport,
    private readonly get: GetImport,
  ) {}

  register(routes: Routes): void {
    const base = `${API_PREFIX}/organisation/:org/imports`;
    routes.add({
      method: 'POST',
      path: base,
      summary: 'Import a CSV file',
      description:
        'Reads a CSV file in the export format of a list (the same header names, dotted names for nested fields, `\'`-prefixed cells read back as the text they protect) and creates a record per row (an empty cell leaves its field to its default), or updates the record whose `unique_id` the row names (only the cells that differ; an empty one clears its field); a row that changes nothing is `unchanged`. Each row is validated, authorised, kept in history and announced to webhooks as the one-record API does. A bad file (not UTF-8, not CSV, a required column missing, too many rows, too large) is a 400 on `file`, nothing written. Members may import what they may create. The import is kept: see `GET imports/{id}/`.',
      body: { input: ImportInput, multipart: true, fileLimit: IMPORT_MAX_BYTES + 1024 * 1024 },
      answers: [answers.created(IMPORT_SCHEMA)],
      // The import runs its own transactions (a dry run's is rolled back): an Idempotency-Key's answer is stored after them.
      slowSideEffects: true,
      handle: async (ctx) => {
        const input = bindBody(ctx, ImportInput);
        const request = { resource: input.resource, mode: input.mode ?? 'all_or_nothing', dryRun: input.dryRun ?? false };
        const target = this.targets[input.resource];
        const place = this.placeOf(ctx.params.org, input);
        const actor = actorOf(ctx);
        // Nothing is read of a file the caller may not import.
        await target.records.authorise(actor, place);
        const { header, rows } = await checkFile(input.file);
        if (rows > IMPORT_MAX_ROWS_NOW) throw badFile(`The file holds ${rows} rows; at most ${IMPORT_MAX_ROWS_NOW} are imported at once for now: split it.`);
        const columns = new ImportColumns(target.declaration, header);
        const result = await target.records.execute(actor, place, rowsOf(input.file, columns), request);
        const kept = await this.keep.execute(actor, ctx.params.org, { ...result, ...request, unknownColumns: columns.unknown });
        ctx.status = 201;
        ctx.body = presentImport(kept);
      },
    });
    routes.refuse(base, ['POST']);
    const readers = 'The member who ran it and the organisation\'s owners may read it; anyone else gets 404.';
    routes.add({
      method: 'GET',
      path: `${base}/:id`,
      summary: 'Get an import',
      description: `An import as its answer gave it: its status, counts, unknown columns and every bad row's errors. ${readers}`,
      answers: [answers.ok(IMPORT_SCHEMA)],
      handle: async (ctx) => {
        ctx.body = presentImport(await this.get.execute(actorOf(ctx), ctx.params.org, ctx.params.id));
      },
    });
    routes.add({
      method: 'GET',
      path: `${base}/:id/errors`,
      summary: "An import's errors",
      description: `The bad rows of an import, in the file's order, a page at a time; with \`format=csv\`, every one as a file. ${readers}`,
      list: {},
      answers: [answers.page(ROW_ERROR_SCHEMA)],
      handle: async (ctx) => {
        const request = readPage(ctx);
        const { errors } = await this.get.execute(actorOf(ctx), ctx.params.org, ctx.params.id);
        const start = offsetOf(request);
        sendPage(ctx, { total: errors.length, items: errors.slice(start, start + request.pageSize) }, request, presentRowError);
      },
    });
  }

  private placeOf(organisation: string, input: ImportInput): RecordPlace {
    if (input.resource !== 'contacts') return organisation;
    if (input.contactGroup === undefined || input.contactGroup === null) throw ValidationFailed.field('contact_group', FIELD_MESSAGES.required);
    return { organisation, parent: input.contactGroup };
  }
}
