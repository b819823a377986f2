import { ImportRow } from '../../../application/import/import-records';
import { RecordView } from '../../../application/records/record-views';
import { DeclaredField } from '../../declaration/declared-field';
import { ResourceDeclaration } from '../../declaration/resource-declaration';
import { expandDottedNames } from '../body/read-body';
import { resourceInputs } from '../declared/declared-input';
import { listSchemaOf, presenterOf, schemaOf } from '../declared/declared-presenter';
import { csvColumns } from '../shared/csv-export';
import { bindInput, InputClass, inputsOf } from '../validation/input';
import { badFile } from './import-file';

/** A column the import writes: its dotted wire name, and whether the answer never shows it (a bank account's number). */
interface WritableColumn {
  name: string;
  path: string[];
  writeOnly: boolean;
  nullable: boolean;
}

/** Kinds of field a body never takes: what the server sets, or what travels in paths and uploads. */
const NOT_FROM_A_FILE = new Set(['person', 'parent', 'picture', 'summary', 'file']);

/** The writable fields of a declaration as dotted column names, nested objects' fields one by one. */
function writableColumns(fields: readonly DeclaredField[], prefix: string[] = []): WritableColumn[] {
  return fields.flatMap((field) => {
    if (field.readOnly || field.derived || field.internal || field.discard || NOT_FROM_A_FILE.has(field.type.type)) return [];
    const path = [...prefix, field.wire];
    if (field.type.type === 'nested') return writableColumns(field.type.shape.fields, path);
    return [{ name: path.join('.'), path, writeOnly: field.writeOnly === true, nullable: field.nullable }];
  });
}

/**
 * A text cell that the export prefixed with `'` so that no spreadsheet runs it
 * as a formula (`=`, `+`, `-`, `@`, a tab, a carriage return, or the
 * full-width forms of the first four first) is read back as the text it protects.
 */
export function unprotected(cell: string): string {
  return /^'[=+\-@\t\r＝＋－＠]/.test(cell) ? cell.slice(1) : cell;
}

/** A presented value as the export writes its cell: empty for null, JSON for objects. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function valueAt(item: unknown, path: readonly string[]): unknown {
  let value = item;
  for (const name of path) value = value === null || value === undefined ? null : (value as Record<string, unknown>)[name];
  return value;
}

/**
 * How the header of a file maps onto a declared resource: the columns the
 * import writes (the body's fields, dotted for nested ones, as the export
 * names them), the columns the export writes that are read-only (ignored:
 * a file exported and edited comes back as it left), and the unknown ones.
 */
export class ImportColumns {
  readonly unknown: string[];
  private readonly writable: { column: WritableColumn; index: number }[];
  private readonly uniqueIdIndex: number;
  private readonly present: ReturnType<typeof presenterOf>;
  private readonly inputs: ReturnType<typeof resourceInputs>;

  constructor(declaration: ResourceDeclaration, header: readonly string[]) {
    this.inputs = resourceInputs(declaration);
    this.present = presenterOf(declaration);
    const columns = new Map(writableColumns(declaration.fields).map((column) => [column.name, column]));
    const exported = new Set([schemaOf(declaration), listSchemaOf(declaration)].flatMap((schema) => (schema ? csvColumns(schema).map(({ name }) => name) : [])));
    this.uniqueIdIndex = header.indexOf('unique_id');
    this.writable = header.flatMap((name, index) => {
      const column = columns.get(name);
      return column && name !== 'unique_id' && header.indexOf(name) === index ? [{ column, index }] : [];
    });
    this.unknown = [...new Set(header.filter((name) => !columns.has(name) && !exported.has(name)))];
    const missing = inputsOf(this.inputs.create)
      .filter((input) => input.field.required && !header.includes(input.wireName))
      .map((input) => input.wireName);
    if (missing.length > 0) throw badFile(`The header has no column ${missing.map((name) => `"${name}"`).join(', ')}, which every row needs.`);
  }

  /**
   * Row `row` of the file (the header is row 1), whose cells are `record`.
   * A new record takes the cells that hold something (an empty one leaves its
   * field to the default a create without it gets: null, or '' for a text
   * that has no null); an existing one takes the cells that differ from what
   * its export would write, an empty one clearing its field (null, or '').
   */
  rowOf(row: number, record: readonly string[]): ImportRow {
    const uniqueId = this.uniqueIdIndex >= 0 ? record[this.uniqueIdIndex].trim() : '';
    // A write-only field's empty cell keeps its value: the export, which never shows it, leaves it empty.
    const cells = this.writable
      .map(({ column, index }) => ({ column, cell: unprotected(record[index]) }))
      .filter(({ column, cell }) => !(column.writeOnly && cell === ''));
    const entries = (of: typeof cells) => of.map(({ column, cell }): [string, unknown] => [column.name, cell === '' && column.nullable ? null : cell]);
    // Form semantics: every value is a text, as in a multipart body.
    const bind = (dto: InputClass<object>, body: object, partial: boolean) => bindInput(dto, body, { partial, form: true });
    return {
      row,
      uniqueId: uniqueId === '' ? undefined : uniqueId,
      creation: () => {
        const filled = entries(cells.filter(({ cell }) => cell !== ''));
        return bind(this.inputs.create, expandDottedNames(uniqueId === '' ? filled : [['unique_id', uniqueId], ...filled]), false);
      },
      changesFrom: (current: RecordView) => {
        const presented = this.present(current);
        const changed = cells.filter(({ column, cell }) => column.writeOnly || cellText(valueAt(presented, column.path)) !== cell);
        return changed.length === 0 ? undefined : bind(this.inputs.update, expandDottedNames(entries(changed)), true);
      },
    };
  }
}
