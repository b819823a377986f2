import { SecretBox } from '../../../../application/shared/ports';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { DeclaredField, NestedShape } from '../../../declaration/declared-field';
import { StoredDeclaration } from '../../../declaration/stored-declaration';
import { columnOf, fileColumnsOf, foldedColumnOf, KeptColumn, keyPrefix, orderPrefixColumnOf, storedFields } from '../../../declaration/resource-declaration';
import { searchKey } from '../../search-key';
import { pictureFromRow, pictureToRow } from '../picture-columns';
import { DecodedTexts } from '../engine';
import { OrganisationScopedRow, RowMapper } from '../organisation-records';

/** How many decoded nested values a field remembers: the pages of the lists in steady use. */
const DECODED_REMEMBERED = 5_000;

type Row = OrganisationScopedRow & Record<string, unknown>;

/** A row as the declared mapper reads and writes it: its columns by name. */
export type DeclaredRow = Row;
type Snapshot = Record<string, unknown>;

/** One stored field between its snapshot property and its columns (a computed column is only written). */
interface FieldCodec {
  property?: string;
  /** The column it is read from as it is (no decoding). */
  column?: string;
  read?(row: Row): unknown;
  write(snapshot: Snapshot, row: Row): void;
}

/** Rebuilds a snapshot from a row: an object literal with every property at once, so that it keeps one shape. */
type Restore = (row: Row) => Snapshot;

/** The declared names go in as JSON strings, never as code (see `buildOf` in declared-presenter.ts). An unscoped row has no organisation. */
function restoreOf(codecs: readonly FieldCodec[], scoped: boolean): Restore {
  const read = codecs.filter((codec) => codec.read !== undefined);
  const literal = read
    .map((codec, index) => `${JSON.stringify(codec.property)}: ${codec.column === undefined ? `r[${index}](row)` : `row[${JSON.stringify(codec.column)}]`}`)
    .join(', ');
  const keys = scoped ? 'id: row.id, organisationId: row.organisation_id' : 'id: row.id';
  const make = new Function('r', `return (row) => ({ ${keys}, ${literal} });`) as (
    readers: ((row: Row) => unknown)[],
  ) => Restore;
  return make(read.map((codec) => codec.read as (row: Row) => unknown));
}

/**
 * The mapper a declaration makes: each stored field to its column and back,
 * a nested value as JSON, a secret sealed by the secret box, a folded field
 * with its lower-cased twin. Rows come typed by their columns' transformers
 * (decimals, dates); the entity is rebuilt by its `restore`.
 */
export class DeclaredMapper<T> implements RowMapper<Row, T> {
  private readonly codecs: FieldCodec[];
  private readonly restore: (snapshot: Snapshot) => T;
  private readonly snapshotOf: Restore;
  private readonly kept: readonly KeptColumn[];
  private readonly scoped: boolean;
  private readonly fields: readonly DeclaredField[];

  constructor(declaration: StoredDeclaration, box: SecretBox) {
    this.restore = declaration.restore as unknown as (snapshot: Snapshot) => T;
    this.scoped = !declaration.unscoped;
    const fields = (this.fields = storedFields(declaration));
    const packs = new Map<string, DecodedTexts<Record<string, unknown>>>();
    this.codecs = fields.flatMap((field) => (field.packed === undefined ? [codecOf(field, box)] : packedCodecs(field, fields, packs)));
    this.kept = declaration.storage.kept ?? [];
    for (const { column, compute } of declaration.storage.computed ?? []) {
      const computed = compute as (snapshot: Snapshot) => unknown;
      this.codecs.push({ write: (snapshot, row) => void (row[column] = computed(snapshot)) });
    }
    this.snapshotOf = restoreOf(this.codecs, this.scoped);
  }

  toDomain(row: Row): T {
    return this.restore(this.snapshotOf(row));
  }

  /**
   * Some of the snapshot's properties (always with its `id`, and its
   * `organisationId` when scoped), for a read that needs no more of the row: the columns to read, and
   * the object of those properties that a row of those columns makes, each
   * decoded as `toDomain` decodes it. No entity is restored.
   */
  partOf<P extends string>(properties: readonly P[]): { columns: string[]; read(row: Row): Record<P | 'id', unknown> } {
    const wanted = new Set<string>(properties.filter((property) => property !== 'id' && property !== 'organisationId'));
    const fields = this.fields.filter((field) => wanted.has(field.property));
    if (fields.length !== wanted.size) throw new Error(`Not stored fields of the declaration: ${properties.join(', ')}`);
    const columns = fields.flatMap((field) => {
      if (field.packed !== undefined) return [field.packed];
      if (field.type.type === 'picture' || field.type.type === 'file') return Object.values(fileColumnsOf(field));
      return [columnOf(field)];
    });
    const read = restoreOf(this.codecs.filter((codec) => codec.property !== undefined && wanted.has(codec.property)), this.scoped);
    return { columns: [...new Set([...(this.scoped ? ['id', 'organisation_id'] : ['id']), ...columns])], read: read as (row: Row) => Record<P | 'id', unknown> };
  }

  toPersistence(record: T): Row {
    const snapshot = (record as { snapshot(): Snapshot }).snapshot();
    const row = (this.scoped ? { id: snapshot.id, organisation_id: snapshot.organisationId } : { id: snapshot.id }) as Row;
    for (const codec of this.codecs) codec.write(snapshot, row);
    for (const kept of this.kept) row[kept.name] = (kept.of as (record: T) => unknown)(record);
    return row;
  }
}

/**
 * A packed field's reader from its pack's JSON object (a missing one is its
 * default: false for a switch), and, for the pack's first field, the writer of
 * the whole object.
 */
function packedCodecs(field: DeclaredField, fields: readonly DeclaredField[], packs: Map<string, DecodedTexts<Record<string, unknown>>>): FieldCodec[] {
  const { property, type } = field;
  const column = field.packed as string;
  const members = fields.filter((candidate) => candidate.packed === column);
  const missing = type.type === 'boolean' ? (type.default ?? false) : null;
  // One decoding of the pack's text for all its fields.
  let decoded = packs.get(column);
  if (!decoded) packs.set(column, (decoded = new DecodedTexts((text) => JSON.parse(text) as Record<string, unknown>, DECODED_REMEMBERED)));
  const pack = decoded;
  const read: FieldCodec = { property, read: (row) => pack.of(row.id, row[column] as string | null)?.[property] ?? missing, write: () => undefined };
  if (members[0] !== field) return [read];
  const write = (snapshot: Snapshot, row: Row) => void (row[column] = JSON.stringify(Object.fromEntries(members.map((member) => [member.property, snapshot[member.property]]))));
  return [{ ...read, write }];
}

/**
 * A nested value's dates as JSON keeps them (text), and back. The decoded
 * text is shared and frozen, so it holds them as text: each read is a copy
 * with its own `Date`s (which freezing would not protect). None for a shape
 * without dates.
 */
function nestedDates(shape: NestedShape): { replacer: (key: string, value: unknown) => unknown; revive: (value: Readonly<Record<string, unknown>>) => unknown } | undefined {
  const dated = shape.fields.filter((field) => !field.derived && (field.type.type === 'date' || field.type.type === 'timestamp'));
  if (dated.length === 0) return undefined;
  return {
    // A timestamp is written by its own toJSON; a calendar date has none.
    replacer: (_key, value) => (value instanceof CalendarDate ? value.toString() : value),
    revive: (value) => {
      const copy: Record<string, unknown> = { ...value };
      for (const { property, type } of dated) {
        const text = copy[property] as string | null | undefined;
        if (text !== null && text !== undefined) copy[property] = type.type === 'date' ? CalendarDate.of(text) : new Date(text);
      }
      return copy;
    },
  };
}

function codecOf(field: DeclaredField, box: SecretBox): FieldCodec {
  const { property } = field;
  const column = columnOf(field);
  if (field.type.type === 'picture') {
    const columns = fileColumnsOf(field);
    return {
      property,
      read: (row) => pictureFromRow({ key: row[columns.key] as string | null, contentType: row[columns.contentType] as string | null, size: row[columns.size] as number | null }),
      write: (snapshot, row) => {
        const picture = pictureToRow(snapshot[property] as Parameters<typeof pictureToRow>[0]);
        row[columns.key] = picture.key;
        row[columns.contentType] = picture.contentType;
        row[columns.size] = picture.size;
      },
    };
  }
  if (field.type.type === 'file') return fileCodec(field);
  // A nested value, and a list of choices, are kept as JSON.
  const nested = field.type.type === 'nested' || field.type.type === 'choices';
  if (nested || field.secret) {
    const dates = field.type.type === 'nested' ? nestedDates(field.type.shape) : undefined;
    const encode = (value: unknown) => (nested ? JSON.stringify(value, dates?.replacer) : String(value));
    const decode = (text: string): unknown => (nested ? JSON.parse(text) : text);
    const seal = field.secret ? (text: string) => box.seal(text) : (text: string) => text;
    const open = field.secret ? (text: string) => box.open(text) : (text: string) => text;
    // Every reader of a row shares its decoded value: frozen, as the domain replaces a nested value and never changes it.
    const decoded = new DecodedTexts<{ value: unknown }>((text) => ({ value: Object.freeze(decode(open(text))) }), DECODED_REMEMBERED);
    return {
      property,
      read: dates
        ? (row) => {
            const value = decoded.of(row.id, row[column] as string | null)?.value;
            return value === null || value === undefined ? null : dates.revive(value as Readonly<Record<string, unknown>>);
          }
        : (row) => decoded.of(row.id, row[column] as string | null)?.value ?? null,
      write: (snapshot, row) => {
        const value = snapshot[property];
        row[column] = value === null || value === undefined ? null : seal(encode(value));
      },
    };
  }
  if (field.folded) {
    const folded = foldedColumnOf(field);
    const prefix = field.orderPrefix;
    const ordered = prefix === undefined ? undefined : orderPrefixColumnOf(field);
    return {
      property,
      column,
      read: (row) => row[column],
      write: (snapshot, row) => {
        row[column] = snapshot[property];
        const value = snapshot[property] as string | null;
        const key = searchKey(field.foldedBlank ? (value ?? '') : value);
        row[folded] = key;
        if (ordered !== undefined) row[ordered] = keyPrefix(key, prefix as number);
      },
    };
  }
  return {
    property,
    column,
    read: (row) => row[column],
    write: (snapshot, row) => {
      row[column] = snapshot[property];
    },
  };
}

/** A stored file's reference in its three columns, null in all three when there is none. */
function fileCodec(field: DeclaredField): FieldCodec {
  const { property } = field;
  const columns = fileColumnsOf(field);
  return {
    property,
    read: (row) =>
      row[columns.key] === null || row[columns.key] === undefined
        ? null
        : { key: row[columns.key], contentType: row[columns.contentType], size: row[columns.size] ?? 0 },
    write: (snapshot, row) => {
      const file = snapshot[property] as { key: string; contentType: string; size: number } | null;
      row[columns.key] = file?.key ?? null;
      row[columns.contentType] = file?.contentType ?? null;
      row[columns.size] = file?.size ?? null;
    },
  };
}
