import { RecordView } from '../../../application/records/record-views';
import { PersonRef } from '../../../application/shared/actor';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal, DecimalLimits } from '../../../domain/shared/decimal';
import { DeclaredField, FieldType, NestedShape } from '../../declaration/declared-field';
import { collectionOf, ResourceDeclaration } from '../../declaration/resource-declaration';
import { WireDeclaration } from '../../declaration/wire-declaration';
import { API_PREFIX } from '../shared/controller';
import { PERSON_REF_SCHEMA, wire } from '../shared/present';
import { wireSchema as s, WireSchema } from '../shared/wire-schema';

/**
 * The presenter and the wire schema a declaration makes: every field in its
 * order under its wire name (a choice's `_display` beside it), derived values
 * from the view, nothing else. The schema describes exactly what the
 * presenter writes; the CSV header follows the schema.
 */

type Values = Readonly<Record<string, unknown>>;

/**
 * What a field is written with besides the value that holds it: the view's
 * people, references and derived values, and where a stored file of the
 * record is downloaded (`link`, by the file's path segment).
 */
type Around = Pick<RecordView, 'people' | 'derived' | 'references' | 'referenced'> & { link?: (segment: string) => string };

/**
 * One property of the answer: its wire name, where its value is read (the
 * holder's property, the view's derived value, or the holder itself for a
 * value computed from it) and what converts it for the wire.
 */
interface Written {
  name: string;
  from: 'holder' | 'derived' | 'whole';
  property: string;
  /** None: written as it is held (null for a missing one). */
  convert?: Convert;
}

type Convert = (value: unknown, around: Around) => unknown;

/** What writes a stored value of `type` on the wire (null stays null); none for a value written as it is. */
function converterOf(type: FieldType, name: string): Convert | undefined {
  const present = <V>(write: (value: V, around: Around) => unknown): Convert => (value, around) => (value === null || value === undefined ? null : write(value as V, around));
  switch (type.type) {
    case 'decimal': {
      const places = type.limits.decimalPlaces;
      return present<Decimal>((value) => wire.decimal(value, places));
    }
    case 'date':
      return present<CalendarDate>((value) => wire.date(value));
    case 'timestamp':
      return present<Date>((value) => wire.dateTime(value));
    case 'person':
      if (type.as === 'name') return present<string>((value, around) => around.people.get(value)?.fullName ?? null);
      return present<string>((value, around) => wire.person(around.people.get(value) ?? null));
    case 'reference':
      return present<string>((value, around) => around.references?.get(value) ?? null);
    case 'nested': {
      // Its builder found once, not per answer.
      const build = buildOf(type.shape.fields);
      return present<Values>((value, around) => build(value, { people: around.people, derived: NOTHING_DERIVED }));
    }
    case 'choices':
      return present<readonly string[]>((value) => [...value]);
    case 'summary': {
      const { shape } = type;
      return present<string>((value, around) => {
        const record = around.referenced?.get(value);
        return record ? presentNested(shape, record as Values, around.people) : null;
      });
    }
    case 'file': {
      // A file is downloaded under the path segment of the field that holds it.
      const segment = type.path ?? name;
      return present<unknown>((_value, around) => around.link?.(segment) ?? null);
    }
    default:
      return undefined;
  }
}

function writtenOf(field: DeclaredField): Written[] {
  const { wire: name, property, type } = field;
  const compute = field.compute as ((holder: Values) => unknown) | undefined;
  const convert = converterOf(type, name);
  const value: Written = compute
    ? { name, from: 'whole', property, convert: convert ? (holder, around) => convert(compute(holder as Values), around) : (holder) => compute(holder as Values) ?? null }
    : type.type === 'summary'
      ? { name, from: 'holder', property: type.of, convert } // the record its reference names, by the reference's value
      : { name, from: field.derived ? 'derived' : 'holder', property, convert };
  if (type.type !== 'choice' || !field.display) return [value];
  const { choices } = type;
  const wireOf = value.convert;
  const label: Convert = wireOf ? (held, around) => choices.label(wireOf(held, around) as string | null) : (held) => choices.label((held ?? null) as string | null);
  return [value, { ...value, name: displayOf(field), convert: label }];
}

/** Builds the answer of `holder`: an object literal with every property at once, so that it keeps one shape. */
type Build = (holder: Values, around: Around) => Record<string, unknown>;

const builds = new WeakMap<readonly DeclaredField[], Build>();
const onceBuilds = new WeakMap<readonly DeclaredField[], Build>();

/** The fields a presenter writes: all but a parent's key, the internal and write-only ones, and those shown once unless `once`. */
const written = (declared: readonly DeclaredField[], once = false) =>
  declared.filter((field) => field.type.type !== 'parent' && !field.internal && !field.writeOnly && (once || !field.once));

/** Where the builder reads a written property: with its key as a constant, so that each read has a cache of its own. */
function sourceOf({ from, property }: Written): string {
  if (from === 'whole') return 'h';
  return `${from === 'derived' ? 'a.derived' : 'h'}[${JSON.stringify(property)}]`;
}

/** The name of a choice's display. */
const displayOf = (field: DeclaredField) => field.displayName ?? `${field.wire}_display`;

/**
 * The builder of the fields' answer, made once per declaration. Its body is an
 * object literal of the declared names (written as JSON strings, never code)
 * whose values are read with constant keys: an object filled property by
 * property takes a new hidden class at each one and is read and serialised on
 * V8's slow paths, and a read with a key that varies is a megamorphic look-up
 * (see docs/performance.md).
 */
function buildOf(declared: readonly DeclaredField[], once = false): Build {
  const made = once ? onceBuilds : builds;
  let build = made.get(declared);
  if (!build) {
    const properties = written(declared, once).flatMap(writtenOf);
    const literal = properties
      .map((property, index) => `${JSON.stringify(property.name)}: ${property.convert ? `c[${index}](${sourceOf(property)}, a)` : `${sourceOf(property)} ?? null`}`)
      .join(', ');
    const make = new Function('c', `return (h, a) => ({ ${literal} });`) as (converters: (Convert | undefined)[]) => Build;
    made.set(declared, (build = make(properties.map((property) => property.convert))));
  }
  return build;
}

const NOTHING_DERIVED: Values = Object.freeze({});

function presentNested(shape: NestedShape, value: Values, people: ReadonlyMap<string, PersonRef>): object {
  return buildOf(shape.fields)(value, { people, derived: NOTHING_DERIVED });
}

const listItems = new WeakMap<ResourceDeclaration, readonly DeclaredField[]>();

/** The fields of a resource's list item: its declared `listItem`'s, else all. */
function listFieldsOf(declaration: ResourceDeclaration): readonly DeclaredField[] {
  const { listItem } = declaration;
  if (!listItem) return declaration.fields;
  let fields = listItems.get(declaration);
  if (!fields) listItems.set(declaration, (fields = declaration.fields.filter((field) => listItem.fields.includes(field.wire))));
  return fields;
}

/** A record's answer; `origin` (the service's, as the request or the configuration has it) starts the links to its files. */
export type DeclaredPresenter = (view: RecordView, origin?: string) => Record<string, unknown>;

function presenter(declaration: ResourceDeclaration, fields: readonly DeclaredField[]): DeclaredPresenter {
  const build = buildOf(fields);
  if (!fields.some((field) => field.type.type === 'file')) return (view) => build(view.record as unknown as Values, view);
  const collection = collectionOf(declaration);
  return (view, origin = '') => {
    const base = `${origin}${API_PREFIX}/organisation/${view.organisationUniqueId}/${collection}/${view.record.uniqueId}`;
    return build(view.record as unknown as Values, { ...view, link: (segment) => `${base}/${segment}/` });
  };
}

/** The presenter of a declared resource: a record's view as its detail and its event's data (and its list item, unless it has a lighter one). */
export function presenterOf(declaration: ResourceDeclaration): DeclaredPresenter {
  return presenter(declaration, declaration.fields);
}

/** The presenter of a declared resource's list item. */
export function listPresenterOf(declaration: ResourceDeclaration): DeclaredPresenter {
  return presenter(declaration, listFieldsOf(declaration));
}

const NO_PEOPLE: ReadonlyMap<string, PersonRef> = new Map();

/**
 * The presenter of a `WireDeclaration` (a member, an invitation, a profile,
 * an organisation: no record of the store): `values` holds its fields by
 * property, `derived` the values of its derived fields (an invitation's
 * status, a token issued this once, a picture's URL), `people` those its
 * person fields name (an organisation's owner).
 */
export function valuesPresenterOf(
  declaration: WireDeclaration,
): (values: object, derived?: Readonly<Record<string, unknown>>, people?: ReadonlyMap<string, PersonRef>) => Record<string, unknown> {
  const build = buildOf(declaration.fields);
  return (values, derived = NOTHING_DERIVED, people = NO_PEOPLE) => build(values as Values, { people, derived });
}

/** The presenter of a create's answer: the record with the fields shown once (from the kind's `createdView`). */
export function createdPresenterOf(declaration: ResourceDeclaration): (view: RecordView) => Record<string, unknown> {
  const build = buildOf(declaration.fields, true);
  return (view) => build(view.record as unknown as Values, view);
}

/** The schema of a value of `type` (not null). */
function typeSchema(field: DeclaredField): WireSchema<unknown> {
  const { type } = field;
  switch (type.type) {
    case 'uniqueId':
      return s.uniqueId();
    case 'text':
      if (type.format === 'url') return type.boundsOnInput ? s.uri() : s.uri(type.max);
      if (type.format === 'email') return s.email();
      return s.text({ max: type.max, ...(field.required && { min: 1 }) });
    case 'choice':
      if (type.allowed) return s.choice(type.allowed);
      return type.allowBlank ? s.choiceOrBlank(type.choices) : s.choice(type.choices);
    case 'choices':
      return s.array(s.choice(type.values));
    case 'decimal':
      return s.decimal(type.boundsOnInput ? new DecimalLimits(type.limits.maxWholeDigits, type.limits.decimalPlaces) : type.limits);
    case 'currency':
      return s.currency();
    case 'integer':
      return type.boundsOnInput ? s.integer() : s.integer({ min: type.min, max: type.max });
    case 'boolean':
      return s.boolean();
    case 'date':
      return s.date();
    case 'timestamp':
      return s.dateTime();
    case 'person':
      return type.as === 'name' ? s.text() : PERSON_REF_SCHEMA;
    case 'parent':
    case 'picture':
      throw new Error(`${field.wire} is not written`);
    case 'reference':
      return s.uniqueId();
    case 'nested':
    case 'summary':
      return nestedSchema(type.shape);
    case 'file':
      return s.uri();
  }
}

function propertySchemas(declared: readonly DeclaredField[], once = false): Record<string, WireSchema<unknown>> {
  const properties: Record<string, WireSchema<unknown>> = {};
  for (const field of written(declared, once)) {
    const schema = typeSchema(field);
    const held = field.nullable || field.type.type === 'person' ? s.nullable(schema) : schema;
    properties[field.wire] = field.description === undefined ? held : s.described(held, field.description);
    if (field.type.type === 'choice' && field.display) {
      const label = s.label(field.type.choices);
      properties[displayOf(field)] = field.nullable ? s.nullable(label) : label;
    }
  }
  return properties;
}

function nestedSchema(shape: NestedShape): WireSchema<unknown> {
  const object = s.object(propertySchemas(shape.fields));
  return shape.inline ? object : s.named(shape.name, object);
}

/** What `presenterOf(declaration)` writes, named after the resource (or after the wire a `WireDeclaration` describes). */
export function schemaOf(declaration: Pick<ResourceDeclaration, 'schemaName' | 'fields'>): WireSchema<Record<string, unknown>> {
  return s.named(declaration.schemaName, s.object<Record<string, unknown>>(propertySchemas(declaration.fields)));
}

/** What `createdPresenterOf(declaration)` writes, named `New<schema>` (`NewWebhookEndpoint`). */
export function createdSchemaOf(declaration: ResourceDeclaration): WireSchema<Record<string, unknown>> {
  return s.named(`New${declaration.schemaName}`, s.object<Record<string, unknown>>(propertySchemas(declaration.fields, true)));
}

/** What `listPresenterOf(declaration)` writes: the list item's schema, where the resource has a lighter one. */
export function listSchemaOf(declaration: ResourceDeclaration): WireSchema<Record<string, unknown>> | undefined {
  const { listItem } = declaration;
  return listItem && s.named(listItem.schemaName, s.object<Record<string, unknown>>(propertySchemas(listFieldsOf(declaration))));
}
