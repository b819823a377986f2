import type { ApiKeyArea } from '../../domain/api-key/api-key-scope';
import { DeclaredField, FieldType, snakeCase } from './declared-field';

/**
 * A column the storage keeps computed from the record, not on the wire: so
 * that a list filter on a value the record derives (a lead's outcome) is an
 * indexed equality.
 */
export interface ComputedColumn {
  readonly column: string;
  /** What it holds (its column and its filter's values follow from it). */
  readonly type: FieldType;
  readonly compute: (snapshot: never) => unknown;
  /** The list filter that selects records holding exactly this value. */
  readonly filter?: string;
}

/** An index of the resource's table, besides those its fields imply. */
export interface DeclaredIndex {
  name: string;
  columns: string[];
  unique?: boolean;
  /** A partial index's condition (SQL on the table's columns). */
  where?: string;
}

/** A column kept from the record beyond its fields (a unique index's key): written on every save, never read back. */
export interface KeptColumn {
  readonly name: string;
  readonly type: FieldType;
  readonly nullable?: boolean;
  /** Its value, from the record (the entity, as its rules give it). */
  readonly of: (record: never) => unknown;
}

/** Where a resource's operations live, when not at `organisation/{org}/<names.many>/` in the `actions` pattern. */
export interface DeclaredPath {
  /** The collection's path segment (`contact-groups`); `names.many` when left out. */
  readonly collection?: string;
  /** The record's path parameter (`group`); `id` when left out. */
  readonly idParam?: string;
  /** `actions` (`…/{id}/update/`, `…/{id}/delete/`) or `detail` (GET, PUT, PATCH, DELETE on `…/{id}/`). */
  readonly pattern?: 'actions' | 'detail';
  /** A delete answers the record as it was (200), not 204. */
  readonly deleteAnswersRecord?: boolean;
}

/**
 * An organisation-scoped resource, declared once: its fields in wire order,
 * its list's default order and what its storage adds. The HTTP adapter
 * derives from it the body's fields, the presenter, the wire schema, the
 * list's filters and orderings and the CSV header; the storage adapters the
 * columns, the mapper and the list's SQL; history and every stored copy of a
 * record its secrets. What the resource does is not here: the entity keeps its
 * rules, the record kind (application) its hooks.
 */
export interface ResourceDeclaration {
  /** The model's name (history, events, messages) and its collection's (`vendor`, `vendors`). */
  readonly names: { readonly one: string; readonly many: string };
  /** Its schema's name in the API description (`Vendor`). */
  readonly schemaName: string;
  /** Its API tag's description (the tag is its collection's segment capitalised, unless `tag` names it). */
  readonly tagDescription: string;
  /** Its API tag when resources share one (contact groups and contacts: `Contacts`). */
  readonly tag?: string;
  /** The tag its own follows in the API description's list (else it comes before Operations). */
  readonly tagAfter?: string;
  /**
   * The API keys' area its operations are in: a read (GET) needs the area's
   * `read` scope, any other method its `write`; `never`: no key may call them.
   */
  readonly keyArea: ApiKeyArea | 'never';
  readonly table: string;
  /** Where its operations live: the collection's segment (`sales-stages`), its id parameter, its pattern. */
  readonly path?: DeclaredPath;
  readonly fields: readonly DeclaredField[];
  /** The entity from a snapshot the storage kept (its `restore`, for mappers only). */
  readonly restore: (snapshot: never) => object;
  /** The orderings in the order the API description lists them, when not the default's first and then the fields'. */
  readonly orderings?: readonly string[];
  /** The list's order when `ordering` is not given: a field's ordering name, after a `-` when descending. */
  readonly defaultOrdering: string;
  /** The description of the list's `search`, when a field is `searched`. */
  readonly searchDescription?: string;
  /** The list's search filter when it is not `search` (a lead list's `name`); so named, it is described only by `searchDescription`. */
  readonly searchFilter?: string;
  /** The list's filters in the order the API description lists them, when not alphabetical. */
  readonly filters?: readonly string[];
  /** A lighter item in lists (its schema's name and the wire names it keeps, in the detail's order), where the resource has one. */
  readonly listItem?: { readonly schemaName: string; readonly fields: readonly string[] };
  readonly storage: {
    /** Triggers keep the organisation's count of the table (migration 910). */
    readonly counted?: boolean;
    /** Its changes leave no history entry: settings of the organisation, not records the contract keeps history of (webhook endpoints). */
    readonly unrecorded?: boolean;
    readonly indices?: readonly DeclaredIndex[];
    /**
     * Unique constraints besides unique_id's. One on `organisation_id` and a
     * field's column makes the field unique in the organisation: a duplicate
     * is a 400 on it (see `uniqueFields`).
     */
    readonly uniques?: readonly DeclaredIndex[];
    /** The 409 `in_use` a delete answers while another table's key names the record. */
    readonly inUse?: string;
    /**
     * Columns of a unique index that guards a rule against concurrent writes:
     * a duplicate there is a 409 conflict on a create or an update.
     */
    readonly raced?: readonly string[];
    readonly kept?: readonly KeptColumn[];
    readonly computed?: readonly ComputedColumn[];
    /** The key columns the list's search looks in, when a computed column holds them (an expense's `search_key`); else the searched fields' own. */
    readonly searchColumns?: readonly string[];
    /** The writes that may answer 409 for the record's own state (an expense no longer editable), beyond what references and `inUse` imply. */
    readonly conflicts?: readonly ('create' | 'update' | 'delete')[];
  };
}

/** The snapshot's properties that every record has and no declaration names: kept by the storage, never on the wire. */
type Internal = 'id' | 'organisationId';

type Missing<S, F extends readonly DeclaredField[]> = Exclude<keyof S, F[number]['property'] | Internal>;

/**
 * Compiles only when every property of the snapshot `S` is declared: a field
 * added to an entity and not to its declaration is an error naming it
 * (`missing: "newField"`).
 */
export type Complete<S, F extends readonly DeclaredField[]> = [Missing<S, F>] extends [never] ? unknown : { missing: Missing<S, F> };

/** `declareResource<VendorSnapshot>()({ … })`: a declaration checked against the snapshot it describes. */
export function declareResource<S>() {
  return <const F extends readonly DeclaredField[]>(
    declaration: ResourceDeclaration & { fields: F; restore: (snapshot: S) => object } & Complete<S, F>,
  ): ResourceDeclaration => declaration;
}

/** The declaration's stored fields (not derived), which the columns and the mapper follow. */
export function storedFields(declaration: { fields: readonly DeclaredField[] }): DeclaredField[] {
  return declaration.fields.filter((field) => !field.derived);
}

/** A field's column: the property in snake_case unless it names its own. */
export function columnOf(field: DeclaredField): string {
  return field.column ?? snakeCase(field.property);
}

/** The lower-cased twin column of a `folded` field. */
export function foldedColumnOf(field: DeclaredField): string {
  return `${columnOf(field)}_key`;
}

/** The field holding the parent's key, for a resource named under another's path (a contact under its group). */
export function parentField(declaration: { fields: readonly DeclaredField[] }): DeclaredField | undefined {
  return declaration.fields.find((field) => field.type.type === 'parent');
}

/** The collection's path segment (`sales-stages`): `path.collection`, else `names.many`. */
export function collectionOf(declaration: { readonly path?: { readonly collection?: string }; readonly names: { readonly many: string } }): string {
  return declaration.path?.collection ?? declaration.names.many;
}

/** The three columns of a `file` field: where the file lies, its type and its size. */
export function fileColumnsOf(field: DeclaredField): { key: string; contentType: string; size: string } {
  const column = columnOf(field);
  return { key: `${column}_key`, contentType: `${column}_content_type`, size: `${column}_size` };
}

/** The column of a field's order prefix (`orderPrefix`). */
export function orderPrefixColumnOf(field: DeclaredField): string {
  return `${columnOf(field)}_order`;
}

/** The first `length` characters (code points, as a column counts them) of a key. */
export function keyPrefix(key: string | null, length: number): string | null {
  return key === null ? null : Array.from(key).slice(0, length).join('');
}

/** The name of the list's search filter. */
export function searchFilterOf(declaration: ResourceDeclaration): string {
  return declaration.searchFilter ?? 'search';
}

/** A field unique in the organisation: its column, and the 400 a duplicate answers on it. */
export interface UniqueField {
  property: string;
  column: string;
  field: string;
  message: string;
  /** Unique by its folded key (`<column>_key`): whatever its case. */
  folded?: boolean;
}

/**
 * The fields the declared unique constraints make unique in the organisation,
 * with DRF's message (`account with this account code already exists.`). A
 * constraint on a folded field's key makes it unique case-insensitively (a project's code).
 */
export function uniqueFields(declaration: ResourceDeclaration): UniqueField[] {
  return (declaration.storage.uniques ?? []).flatMap(({ columns }) => {
    const [scope, column, ...more] = columns;
    const field = declaration.fields.find((candidate) => !candidate.derived && columnOf(candidate) === column);
    const folded = field ? undefined : declaration.fields.find((candidate) => !candidate.derived && candidate.folded && foldedColumnOf(candidate) === column);
    const unique = field ?? folded;
    if (scope !== 'organisation_id' || !unique || more.length > 0) return [];
    const message = `${declaration.names.one} with this ${unique.wire.replace(/_/g, ' ')} already exists.`;
    return [{ property: unique.property, column, field: unique.wire, message, ...(folded && { folded: true }) }];
  });
}
