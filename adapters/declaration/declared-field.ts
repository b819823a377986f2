import { Choices } from '../../domain/shared/choices';
import { DecimalLimits } from '../../domain/shared/decimal';

/**
 * What a field holds, as the wire, the storage and the lists need to know it.
 * Each adapter reads these with one exhaustive `switch`: the HTTP input and
 * presenter, the wire schema, the column and the mapper, the list filters.
 */
export type FieldType =
  | { type: 'uniqueId' }
  /**
   * `max` undefined: the spec gives no limit, so the API's default limit applies (see TEXT_MAX_LENGTH).
   * `formByEntity`: the body takes it as a bounded text and the entity checks its form, so that its messages are one
   * (a webhook's URL). `boundsOnInput`: `max` bounds what a body sends, not what is answered (a URL the entity normalises).
   */
  | { type: 'text'; max?: number; format?: 'url' | 'email'; formByEntity?: boolean; boundsOnInput?: boolean }
  /** `allowed`: the narrower set a body may choose, and an answer holds (an invitation's roles). */
  | { type: 'choice'; choices: Choices<string>; allowBlank: boolean; columnLength: number; allowed?: readonly string[] }
  /** Several of `values`, none twice (a webhook's events): a list on the wire, JSON in its column. */
  | { type: 'choices'; values: readonly string[] }
  /** `boundsOnInput`: `limits.min` is what a body may send; an answer's schema leaves it out (an organisation's VAT rate). */
  | { type: 'decimal'; limits: DecimalLimits; boundsOnInput?: boolean }
  | { type: 'currency' }
  /**
   * `boundsOnInput`: the bounds are what a body may send, and the server may
   * go past them (a sales stage appended after the last position), so an
   * answer's schema leaves them out.
   */
  | { type: 'integer'; min?: number; max?: number; boundsOnInput?: boolean }
  /**
   * `default`: the column's default, what it holds for rows that predate it (true for an account's `is_active`; false when left out).
   * `flag`: kept as a smallint 0 or 1 without a default, as in the tables raw statements also read (webhooks').
   */
  | { type: 'boolean'; default?: boolean; flag?: boolean }
  | { type: 'date' }
  /** `epochMillis`: kept as a bigint of milliseconds, as in the tables raw statements also read (webhooks'). */
  | { type: 'timestamp'; epochMillis?: boolean }
  /** A person's internal id, written `{unique_id, full_name}`, or (`as: 'name'`) as their full name. */
  | { type: 'person'; as?: 'name' }
  /**
   * The internal id of the record that holds this one (a contact's group),
   * named before it in its paths: its lists are the parent's, a record is found
   * only through its own parent. Kept as a key, never on the wire.
   */
  | { type: 'parent'; parent: ParentOf }
  /** A value object stored whole as JSON (sealed when secret), written as a nested object. */
  | { type: 'nested'; shape: NestedShape }
  /**
   * Another record of the organisation, kept by its internal id (a key to
   * `table`) and written by its unique_id: the record kind resolves the one
   * a body names and names the one a view shows (`RecordKind.references`).
   */
  | { type: 'reference'; table: string }
  /**
   * A stored file (an expense's receipt): its reference kept in three columns
   * (`<column>_key`, `<column>_content_type`, `<column>_size`), sent as a part
   * of a multipart body, written as the URL it is downloaded from
   * (`…/{id}/<path>/`, the field's wire name unless `path` names another
   * field's: a second link to the same file). `accepts`: the content types it may hold.
   */
  | { type: 'file'; accepts: Choices<string>; path?: string }
  /**
   * The record a reference field (`of`, its property) names, written as
   * `shape` reads it (an expense's account: unique_id, code, name and type).
   */
  | { type: 'summary'; of: string; shape: NestedShape }
  /**
   * A stored picture's reference (a profile picture, a logo), in a file's three
   * columns (see `fileColumnsOf`), restored as the domain's `Picture`. Never on
   * the wire as it is, nor in a body: its URL is a derived value, its upload an
   * operation of its own.
   */
  | { type: 'picture' };

/** One field of a declaration: a property of the record's snapshot (or of the view, when `derived`) and its wire. */
export interface DeclaredField<P extends string = string> {
  /** The snapshot's property; for a `derived` field, the view's. */
  readonly property: P;
  /** The field's name on the wire, in history, in CSV headers and in filters' errors. */
  readonly wire: string;
  readonly type: FieldType;
  readonly nullable: boolean;
  /** Must be sent on a create and a PUT. */
  readonly required: boolean;
  /** Never taken from a body: set by the server. */
  readonly readOnly: boolean;
  /** Sealed at rest, masked as "***" in history, logs, stored answers and event payloads. */
  readonly secret: boolean;
  /** Computed from the record for its view (days since, is overdue): read-only and never stored. */
  readonly derived: boolean;
  /** Its column, when it is not the property in snake_case. */
  readonly column?: string;
  /** A `<column>_key` column keeps it lower-cased: searched and ordered alike on every engine. */
  readonly folded: boolean;
  /** Its key keeps a missing value as '' (not null, '' by default): it sorts first, as an empty one. */
  readonly foldedBlank?: boolean;
  /** Its column compares byte by byte on every engine (collation "C" on Postgres), as SQLite compares all text. */
  readonly bytewise?: boolean;
  /** Stored and kept in history, never on the wire: not read from a body, not presented (an account's dates). */
  readonly internal?: boolean;
  /** `<wire>_display` follows it with the choice's label. */
  readonly display: boolean;
  /** The display's name when it is not `<wire>_display` (a person's `current_language`: `language_display`). */
  readonly displayName?: string;
  /**
   * A read-only field a body may send back: validated as its type (taking
   * null when `nullable`), then ignored (`readOnly` in the body's description).
   */
  readonly discard?: { readonly nullable: boolean };
  /** Kept with others in one JSON object column of this name (an organisation's agent switches), not a column of its own. */
  readonly packed?: string;
  /** The list filter (`?status=`) that selects records holding exactly this value. */
  readonly filter?: string;
  /** The list may be ordered by it, under this name. */
  readonly ordering?: string;
  /** Part of the list's `search`. */
  readonly searched: boolean;
  /** Said of it in the API description. */
  readonly description?: string;
  /** A derived field computed from the value that holds it (a nested object's); otherwise the view computes it. */
  readonly compute?: (holder: never) => unknown;
  /** On a create, whether null is taken, where that differs from `nullable` (a lead's stage may be cleared, not left out). */
  readonly createNullable?: boolean;
  /**
   * A folded text without a bound of its own is ordered through the first
   * `orderPrefix` characters of its key (column `<column>_order`), then the
   * whole key: a Postgres B-tree holds rows of at most 2 704 bytes, so the
   * whole key cannot be indexed, while prefix-then-key is still its order.
   */
  readonly orderPrefix?: number;
  /** The choices a create's body is documented to take, fewer than the field's: the entity refuses the others (a new expense's status). */
  readonly createChoices?: readonly string[];
  /** Taken from a body, never written in an answer (a new account's password: `writeOnly` in the API description; a reference the answer shows as a `summary`). */
  readonly writeOnly?: boolean;
  /** Written only in the answer to the create that made it (a signing secret, shown once): see `RecordKind.createdView`. */
  readonly once?: boolean;
  /** Inclusive bounds the list may filter it by (`?from_date=`, `?to_date=`). */
  readonly range?: { readonly from: string; readonly to: string };
  /** A reference's foreign key, where it is not the plain key to `id`. */
  readonly foreignKey?: ForeignKeyOptions;
}

/** How a reference's foreign key is made. */
export interface ForeignKeyOptions {
  readonly name?: string;
  /** To `(organisation_id, id)`: the record named is one of the same organisation. */
  readonly scoped?: boolean;
  /** Made on Postgres only (SQLite runs one transaction at a time, so what it guards cannot race there). */
  readonly postgresOnly?: boolean;
}

/** What a child resource knows of its parent's declaration: its table and where its paths name it. */
export interface ParentOf {
  readonly table: string;
  readonly path?: { readonly collection?: string; readonly idParam?: string };
  readonly names: { readonly many: string };
}

/** The fields of a nested value object (an address, bank details), in wire order. */
export interface NestedShape {
  /** The name of its schema in the API description (`VendorAddress`). */
  readonly name: string;
  /** Described in place, not as a named schema (a profile's `user`). */
  readonly inline?: boolean;
  readonly fields: readonly DeclaredField[];
}

/** camelCase as the wire writes it: `lastContactDate` → `last_contact_date`, `addressLine1` → `address_line_1`. */
export function snakeCase(property: string): string {
  return property.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`).replace(/(\D)(\d+)$/, '$1_$2');
}

type Options = {
  wire?: string;
  nullable?: boolean;
  required?: boolean;
  readOnly?: boolean;
  secret?: boolean;
  column?: string;
  /** `'blank'`: folded, a missing value's key being '' (see `foldedBlank`). */
  folded?: boolean | 'blank';
  bytewise?: boolean;
  internal?: boolean;
  /** A string names the display (see `displayName`). */
  display?: boolean | string;
  /** `'nullable'`: null is taken too. */
  discard?: boolean | 'nullable';
  packed?: string;
  filter?: string;
  ordering?: string | true;
  searched?: boolean;
  description?: string;
  createNullable?: boolean;
  orderPrefix?: number;
  once?: boolean;
  writeOnly?: boolean;
  createChoices?: readonly string[];
  range?: { from: string; to: string };
  foreignKey?: ForeignKeyOptions;
};

/** A field of `property`; `ordering: true` orders under its wire name. */
function field<P extends string>(property: P, type: FieldType, options: Options = {}, derived = false): DeclaredField<P> {
  const wire = options.wire ?? snakeCase(property);
  return {
    property,
    wire,
    type,
    nullable: options.nullable ?? false,
    required: options.required ?? false,
    readOnly: (options.readOnly ?? false) || (options.internal ?? false) || derived,
    secret: options.secret ?? false,
    derived,
    column: options.column,
    folded: (options.folded ?? false) !== false,
    ...(options.folded === 'blank' && { foldedBlank: true }),
    ...(options.bytewise && { bytewise: true }),
    ...(options.internal && { internal: true }),
    display: (options.display ?? false) !== false,
    ...(typeof options.display === 'string' && { displayName: options.display }),
    ...(options.discard && { discard: { nullable: options.discard === 'nullable' } }),
    ...(options.packed !== undefined && { packed: options.packed }),
    filter: options.filter,
    ordering: options.ordering === true ? wire : options.ordering,
    searched: options.searched ?? false,
    description: options.description,
    ...(options.createNullable !== undefined && { createNullable: options.createNullable }),
    ...(options.orderPrefix !== undefined && { orderPrefix: options.orderPrefix }),
    ...(options.once && { once: true }),
    ...(options.writeOnly && { writeOnly: true }),
    ...(options.createChoices && { createChoices: options.createChoices }),
    ...(options.range && { range: options.range }),
    ...(options.foreignKey && { foreignKey: options.foreignKey }),
  };
}

/** The properties of `S` whose values are assignable to `V`. */
type PropertiesOf<S, V> = { [K in keyof S]-?: S[K] extends V ? K : never }[keyof S] & string;

/**
 * The field builders of records with snapshot `S`: each names a property of
 * `S` whose type suits the field, so that a declaration cannot map a text to a
 * decimal property, and `declareFields` checks that none is forgotten.
 */
export function fieldsOf<S>() {
  type Of<V> = PropertiesOf<S, V>;
  return {
    uniqueId: (options: Options = {}) => field('uniqueId' as 'uniqueId' & Of<string>, { type: 'uniqueId' }, options),
    text: <K extends Of<string | null>>(property: K, options: Options & { max?: number } = {}) =>
      field(property, { type: 'text', max: options.max }, options),
    url: <K extends Of<string | null>>(property: K, options: Options & { max?: number; formByEntity?: boolean; boundsOnInput?: boolean } = {}) =>
      field(
        property,
        { type: 'text', max: options.max, format: 'url', ...(options.formByEntity && { formByEntity: true }), ...(options.boundsOnInput && { boundsOnInput: true }) },
        options,
      ),
    email: <K extends Of<string | null>>(property: K, options: Options & { max?: number } = {}) =>
      field(property, { type: 'text', max: options.max, format: 'email' }, options),
    choice: <K extends Of<string | null>>(
      property: K,
      choices: Choices<string>,
      options: Options & { allowBlank?: boolean; columnLength?: number; allowed?: readonly string[] } = {},
    ) =>
      field(
        property,
        { type: 'choice', choices, allowBlank: options.allowBlank ?? false, columnLength: options.columnLength ?? 20, ...(options.allowed && { allowed: options.allowed }) },
        options,
      ),
    /** Several of `values` (`events`), as a list. */
    choices: <K extends Of<readonly string[]>>(property: K, values: readonly string[], options: Options = {}) =>
      field(property, { type: 'choices', values }, options),
    decimal: <K extends Of<{ toFixed(places: number): string } | null>>(property: K, limits: DecimalLimits, options: Options & { boundsOnInput?: boolean } = {}) =>
      field(property, { type: 'decimal', limits, ...(options.boundsOnInput && { boundsOnInput: true }) }, options),
    currency: <K extends Of<string>>(property: K, options: Options = {}) => field(property, { type: 'currency' }, options),
    integer: <K extends Of<number | null>>(property: K, options: Options & { min?: number; max?: number; boundsOnInput?: boolean } = {}) =>
      field(property, { type: 'integer', min: options.min, max: options.max, ...(options.boundsOnInput && { boundsOnInput: true }) }, options),
    boolean: <K extends Of<boolean>>(property: K, options: Options & { default?: boolean; flag?: boolean } = {}) =>
      field(property, { type: 'boolean', ...(options.default !== undefined && { default: options.default }), ...(options.flag && { flag: true }) }, options),
    date: <K extends Of<{ isBefore(other: never): boolean } | null>>(property: K, options: Options = {}) =>
      field(property, { type: 'date' }, options),
    timestamp: <K extends Of<Date | null>>(property: K, options: Options & { epochMillis?: boolean } = {}) =>
      field(property, { type: 'timestamp', ...(options.epochMillis && { epochMillis: true }) }, { readOnly: true, ...options }),
    /**
     * A person the record names by internal id (`createdById`), written under
     * `wire` (`created_by`): `{unique_id, full_name}`, or null when the person is gone.
     */
    person: <K extends Of<string | null>>(property: K, wire: string, options: Options & { as?: 'name' } = {}) =>
      field(property, options.as ? { type: 'person', as: options.as } : { type: 'person' }, { readOnly: true, ...options, wire }),
    /** A stored picture's reference (`logo`): see the `picture` field type. Internal: no body takes it, no answer writes it. */
    picture: <K extends Of<{ readonly key: string; readonly contentType: string; readonly size: number } | null>>(property: K, options: Options = {}) =>
      field(property, { type: 'picture' }, { nullable: true, ...options, internal: true }),
    /** The parent record's internal id (`groupId`): see the `parent` field type. */
    parent: <K extends Of<string>>(property: K, parent: ParentOf) => field(property, { type: 'parent', parent }, { readOnly: true }),
    nested: <K extends Of<object | null>>(property: K, shape: NestedShape, options: Options = {}) =>
      field(property, { type: 'nested', shape }, options),
    /** Another record of the organisation in `table`, held by internal id (`salesStageId`), written by unique_id under `wire`. */
    reference: <K extends Of<string | null>>(property: K, table: string, wire: string, options: Options = {}) =>
      field(property, { type: 'reference', table }, { ...options, wire }),
    /** A stored file's reference (`{ key, contentType, size }`): see the `file` field type. */
    file: <K extends Of<{ key: string; contentType: string; size: number } | null>>(property: K, accepts: Choices<string>, options: Options = {}) =>
      field(property, { type: 'file', accepts }, options),
    /**
     * A value computed from the record (not stored, not written): by `compute`
     * from the value that holds it, else by the record kind's view (days since…).
     */
    // Generic in its name, so that a derived field does not widen the declared properties to every string (see `Complete`).
    derived: <P extends string>(property: P, type: FieldType, options: Options & { compute?: (holder: S) => unknown } = {}) => {
      const { compute, ...rest } = options;
      return { ...field(property, type, rest, true), compute: compute as ((holder: never) => unknown) | undefined };
    },
  };
}

/** The fields of a nested value object `N`, in wire order. */
export function nestedShape<N>(
  name: string,
  build: (f: ReturnType<typeof fieldsOf<N>>) => readonly DeclaredField[],
  options: { inline?: boolean } = {},
): NestedShape {
  return { name, fields: build(fieldsOf<N>()), ...(options.inline && { inline: true }) };
}
