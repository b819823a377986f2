import { GetImport } from '../../../application/import/get-import.use-case';
import { ImportMode, ImportRecords, ImportRow } from '../../../application/import/import-records';
import { KeepImport } from '../../../application/import/keep-import.use-case';
import { ListImports } from '../../../application/import/list-imports.use-case';
import { QueueImport } from '../../../application/import/queue-import.use-case';
import { RecordPlace } from '../../../application/records/record-context';
import { IncomingFile } from '../../../application/shared/incoming-file';
import { ValidationFailed } from '../../../domain/shared/errors';
import { FIELD_MESSAGES } from '../../../domain/shared/field-messages';
import { ResourceDeclaration } from '../../declaration/resource-declaration';
import { actorOf } from '../middleware/authentication';
import { answers } from '../shared/answers';
import { bindBody } from '../shared/bind-body';
import { API_PREFIX, HttpController } from '../shared/controller';
import { Routes } from '../shared/routes';
import { readPage, sendPage } from '../validation/query';
import { fields } from '../validation/fields';
import { fileField } from '../validation/file-field';
import { Input } from '../validation/input';
import { ImportColumns } from './import-columns';
import { checkFile, csvRecords, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from './import-file';
import { IMPORT_SCHEMA, IMPORT_SUMMARY_SCHEMA, ImportResource, MODES, presentImport, presentImportSummary, presentRowError, RESOURCES, ROW_ERROR_SCHEMA } from './import.presenter';

export type { ImportResource } from './import.presenter';

/** A resource an import writes: its declaration, and the import over its record kind. */
export interface ImportTarget {
  declaration: ResourceDeclaration;
  records: ImportRecords<never, never>;
}

export class ImportInput {
  @Input('file', fileField({ required: true }), {
    description: `A CSV file as the list's export writes it (UTF-8 with or without a BOM, \`,\` or \`;\` between cells, CR LF or LF): at most ${IMPORT_MAX_BYTES / 1024 / 1024} MiB and ${IMPORT_MAX_ROWS} rows. A file of more rows than \`IMPORT_SYNC_MAX_ROWS\` (1 000 by default) is imported in the background (202).`,
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
    private readonly queue: QueueImport,
    private readonly list: ListImports,
    /** The most rows imported within the request (`IMPORT_SYNC_MAX_ROWS`); a larger file runs in the background. */
    private readonly syncMaxRows: number,
  ) {}

  register(routes: Routes): void {
    const base = `${API_PREFIX}/organisation/:org/imports`;
    routes.add({
      method: 'POST',
      path: base,
      summary: 'Import a CSV file',
      description:
        'Reads a CSV file in the export format of a list (the same header names, dotted names for nested fields, `\'`-prefixed cells read back as the text they protect) and creates a record per row (an empty cell leaves its field to its default), or updates the record whose `unique_id` the row names (only the cells that differ; an empty one clears its field); a row that changes nothing is `unchanged`. Each row is validated, authorised, kept in history and announced to webhooks as the one-record API does. A bad file (not UTF-8, not CSV, a required column missing, too many rows, too large) is a 400 on `file`, nothing written. Members may import what they may create. The import is kept: see `GET imports/{id}/`. A file of more rows than `IMPORT_SYNC_MAX_ROWS` (1 000 by default; at most 100 000) is kept and imported in the background: the answer is 202, `queued`, with its `Location` to poll (`rows_done` of `rows`), and `import.completed` is sent to webhooks when it ends.',
      body: { input: ImportInput, multipart: true, fileLimit: IMPORT_MAX_BYTES + 1024 * 1024 },
      answers: [answers.created(IMPORT_SCHEMA), answers.accepted(IMPORT_SCHEMA)],
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
        const columns = new ImportColumns(target.declaration, header);
        if (rows > this.syncMaxRows) {
          const contactGroup = typeof place === 'string' ? null : place.parent;
          const queued = await this.queue.execute(actor, ctx.params.org, { ...request, contactGroup, rows, unknownColumns: columns.unknown, file: input.file });
          ctx.status = 202;
          ctx.set('Location', `${base.replace(':org', ctx.params.org)}/${queued.uniqueId}/`);
          ctx.body = presentImport(queued);
          return;
        }
        const result = await target.records.execute(actor, place, rowsOf(input.file, columns), request);
        const kept = await this.keep.execute(actor, ctx.params.org, { ...result, ...request, unknownColumns: columns.unknown });
        ctx.status = 201;
        ctx.body = presentImport(kept);
      },
    });
    routes.add({
      method: 'GET',
      path: base,
      summary: 'List imports',
      description: "The organisation's imports, newest first, without their bad rows: an owner sees every one, a member those they ran.",
      list: {},
      answers: [answers.page(IMPORT_SUMMARY_SCHEMA)],
      handle: async (ctx) => {
        const request = readPage(ctx);
        sendPage(ctx, await this.list.execute(actorOf(ctx), ctx.params.org, request), request, presentImportSummary);
      },
    });
    routes.refuse(base, ['GET', 'POST']);
    const readers = 'The member who ran it and the organisation\'s owners may read it; anyone else gets 404.';
    routes.add({
      method: 'GET',
      path: `${base}/:id`,
      summary: 'Get an import',
      description: `An import as it stands: its status, progress (\`rows_done\` of \`rows\`), counts, unknown columns and its first 1 000 bad rows' errors. ${readers}`,
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
        sendPage(ctx, await this.get.errors(actorOf(ctx), ctx.params.org, ctx.params.id, request), request, presentRowError);
      },
    });
  }

  private placeOf(organisation: string, input: ImportInput): RecordPlace {
    if (input.resource !== 'contacts') return organisation;
    if (input.contactGroup === undefined || input.contactGroup === null) throw ValidationFailed.field('contact_group', FIELD_MESSAGES.required);
    return { organisation, parent: input.contactGroup };
  }
}
