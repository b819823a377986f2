import { SecretBox } from '../../../../application/shared/ports';
import { DeclaredField } from '../../../declaration/declared-field';
import { columnOf, fileColumnsOf, foldedColumnOf, KeptColumn, keyPrefix, orderPrefixColumnOf, ResourceDeclaration, storedFields } from '../../../declaration/resource-declaration';
import { searchKey } from '../../search-key';
import { DecodedTexts } from '../engine';
import { OrganisationScopedRow, RowMapper } from '../organisation-records';

/** How many decoded nested values a field remembers: the pages of the lists in steady use. */
const DECODED_REMEMBERED = 5_000;

type Row = OrganisationScopedRow & Record<string, unknown>;
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

/** The declared names go in as JSON strings, never as code (see `buildOf` in declared-presenter.ts). */
function restoreOf(codecs: readonly FieldCodec[]): Restore {
  const read = codecs.filter((codec) => codec.read !== undefined);
  const literal = read
    .map((codec, index) => `${JSON.stringify(codec.property)}: ${codec.column === undefined ? `r[${index}](row)` : `row[${JSON.stringify(codec.column)}]`}`)
    .join(', ');
  const make = new Function('r', `return (row) => ({ id: row.id, organisationId: row.organisation_id, ${literal} });`) as (
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

  constructor(declaration: ResourceDeclaration, box: SecretBox) {
    this.restore = declaration.restore as unknown as (snapshot: Snapshot) => T;
    this.codecs = storedFields(declaration).map((field) => codecOf(field, box));
    this.kept = declaration.storage.kept ?? [];
    for (const { column, compute } of declaration.storage.computed ?? []) {
      const computed = compute as (snapshot: Snapshot) => unknown;
      this.codecs.push({ write: (snapshot, row) => void (row[column] = computed(snapshot)) });
    }
    this.snapshotOf = restoreOf(this.codecs);
  }

  toDomain(row: Row): T {
    return this.restore(this.snapshotOf(row));
  }

  toPersistence(record: T): Row {
    const snapshot = (record as { snapshot(): Snapshot }).snapshot();
    const row = { id: snapshot.id, organisation_id: snapshot.organisationId } as Row;
    for (const codec of this.codecs) codec.write(snapshot, row);
    for (const kept of this.kept) row[kept.name] = (kept.of as (record: T) => unknown)(record);
    return row;
  }
}

function codecOf(field: DeclaredField, box: SecretBox): FieldCodec {
  const { property } = field;
  const column = columnOf(field);
  if (field.type.type === 'file') return fileCodec(field);
  // A nested value, and a list of choices, are kept as JSON.
  const nested = field.type.type === 'nested' || field.type.type === 'choices';
  if (nested || field.secret) {
    const encode = (value: unknown) => (nested ? JSON.stringify(value) : String(value));
    const decode = (text: string): unknown => (nested ? JSON.parse(text) : text);
    const seal = field.secret ? (text: string) => box.seal(text) : (text: string) => text;
    const open = field.secret ? (text: string) => box.open(text) : (text: string) => text;
    // Every reader of a row shares its decoded value: frozen, as the domain replaces a nested value and never changes it.
    const decoded = new DecodedTexts<{ value: unknown }>((text) => ({ value: Object.freeze(decode(open(text))) }), DECODED_REMEMBERED);
    return {
      property,
      read: (row) => decoded.of(row.id, row[column] as string | null)?.value ?? null,
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
