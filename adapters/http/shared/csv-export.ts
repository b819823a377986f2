import { Context, Middleware } from 'koa';
import { pipeline, Readable } from 'node:stream';
import { JsonSchema } from '../validation/fields';
import { collectPage, MAX_PAGE_SIZE, readFormat } from '../validation/query';
import { WireSchema } from './wire-schema';

/** One cell of every row: the dotted name of the header and the path to the value in a presented item. */
interface CsvColumn {
  name: string;
  path: readonly string[];
}

/**
 * The columns of a list item, from its schema rather than from the rows, so
 * that the header is the same whatever the rows hold: an object with known
 * properties (a nullable one too) becomes a column per property, named with
 * dots (`employee.full_name`); anything else (a text, a number, an array, a
 * free-form object) is one column.
 */
export function csvColumns(item: WireSchema<unknown>): CsvColumn[] {
  const resolve = (schema: JsonSchema): JsonSchema => {
    const ref = typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;
    if (ref !== undefined) {
      const named = item.components[ref];
      if (!named) throw new Error(`The list item refers to an unknown schema ${ref}`);
      return resolve(named);
    }
    // `nullable` of a named schema: the schema without its null.
    const variants = Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]).filter((variant) => variant.type !== 'null') : [];
    return variants.length === 1 ? resolve(variants[0]) : schema;
  };
  const columns = (schema: JsonSchema, path: string[]): CsvColumn[] => {
    const resolved = resolve(schema);
    const types = [resolved.type].flat();
    const properties = resolved.properties as Record<string, JsonSchema> | undefined;
    if (!types.includes('object') || !properties) return [{ name: path.join('.'), path }];
    return Object.entries(properties).flatMap(([name, property]) => columns(property, [...path, name]));
  };
  return columns(item.json, []);
}

/** The value of a column in a presented item; a null object on the way makes every column under it empty. */
function cellOf(item: unknown, path: readonly string[]): unknown {
  let value = item;
  for (const name of path) value = value === null || value === undefined ? null : (value as Record<string, unknown>)[name];
  return value;
}

/**
 * RFC 4180 text without a BOM; booleans as JSON writes them (the library's
 * default is `1` and empty) and arrays or free-form objects as their JSON.
 * A cell holding a CR or an LF anywhere is quoted: the library quotes only
 * cells holding the whole record delimiter (CR LF) once one is given, and a
 * bare LF or CR would split the row for every reader.
 * Text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab
 * or a carriage return first) is prefixed with `'`; numbers are left as they are.
 */
const csvOptions = (columns: CsvColumn[]) => ({
  header: true,
  columns: columns.map((column) => column.name),
  record_delimiter: 'windows' as const,
  quote_record_delimiter: true,
  bom: false,
  escape_formulas: true,
  cast: { boolean: (value: boolean) => String(value), object: (value: object) => JSON.stringify(value) },
});

interface CsvStringify {
  stream: typeof import('csv-stringify').stringify;
  all: typeof import('csv-stringify/sync').stringify;
}
let loadedCsv: CsvStringify | undefined;

/** csv-stringify, loaded by the first export: most servers never answer one. */
function csvStringify(): CsvStringify {
  return (loadedCsv ??= {
    stream: (require('csv-stringify') as typeof import('csv-stringify')).stringify,
    all: (require('csv-stringify/sync') as typeof import('csv-stringify/sync')).stringify,
  });
}

/** The last fixed segment of a list's path, as its file name: `…/vendors` → `vendors.csv`. */
function fileNameOf(path: string): string {
  const resource = path.split('/').filter((segment) => segment !== '' && !segment.startsWith(':')).pop();
  return `${resource ?? 'list'}.csv`;
}

/**
 * Answers `?format=csv` of a list: every row the list's filters and ordering
 * select, read by its own handler a page of `MAX_PAGE_SIZE` at a time and
 * streamed as CSV as the client takes it, so that memory holds about one
 * page whatever the list's length. The first page is read before anything is
 * sent: a 401, 404 or bad parameter is still the usual JSON error. A failure
 * after that destroys the response (Koa destroys it when its body stream
 * fails), so that a broken export never looks like a complete file.
 * Any other `format` than `csv` goes on to the JSON list.
 */
export function csvExport(list: { path: string; item: WireSchema<unknown>; handle: (ctx: Context) => unknown }): Middleware {
  const columns = csvColumns(list.item);
  const disposition = `attachment; filename="${fileNameOf(list.path)}"`;
  return async (ctx, next) => {
    if (readFormat(ctx) !== 'csv') return next();
    const first = await collectPage(ctx, list.handle, 1);
    async function* rows(): AsyncGenerator<unknown[]> {
      let page = first;
      for (let number = 1; ; number += 1) {
        for (const item of page.items) yield columns.map((column) => cellOf(item, column.path));
        if (page.items.length < MAX_PAGE_SIZE) return;
        page = await collectPage(ctx, list.handle, number + 1);
      }
    }
    // A failure reaches Koa through the CSV stream it pipes to the response.
    ctx.body = pipeline(Readable.from(rows()), csvStringify().stream(csvOptions(columns)), () => undefined);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', disposition);
    ctx.set('X-Total-Count', String(first.total));
  };
}

/**
 * `?format=csv` of an answer that is a small table rather than a list (a
 * report): the operation answers as usual, then its rows become the file.
 */
export function csvTable(table: { path: string; item: WireSchema<unknown>; rows: (body: unknown) => object[] }): Middleware {
  const columns = csvColumns(table.item);
  const disposition = `attachment; filename="${fileNameOf(table.path)}"`;
  return async (ctx, next) => {
    if (readFormat(ctx) !== 'csv') return next();
    await next();
    const rows = table.rows(ctx.body).map((row) => columns.map((column) => cellOf(row, column.path)));
    ctx.body = csvStringify().all(rows, csvOptions(columns));
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', disposition);
  };
}
