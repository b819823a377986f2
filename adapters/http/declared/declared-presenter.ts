import { RecordView } from '../../../application/records/record-views';
import { PersonRef } from '../../../application/shared/actor';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal } from '../../../domain/shared/decimal';
import { DeclaredField, FieldType, NestedShape } from '../../declaration/declared-field';
import { collectionOf, ResourceDeclaration } from '../../declaration/resource-declaration';
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

/** One property of the answer: its wire name, and its value read from `holder` (a record's state, or a nested object). */
interface Written {
  name: string;
  value: (holder: Values, around: Around) => unknown;
  /** The holder's property written as it is, when nothing converts it. */
  property?: string;
}

/** A stored value as the wire writes it. */
function wireValue(type: FieldType, value: unknown, around: Around): unknown {
  if (value === null || value === undefined) return null;
  switch (type.type) {
    case 'decimal':
      return wire.decimal(value as Decimal, type.limits.decimalPlaces);
    case 'date':
      return wire.date(value as CalendarDate);
    case 'timestamp':
      return wire.dateTime(value as Date);
    case 'person':
      if (type.as === 'name') return around.people.get(value as string)?.fullName ?? null;
      return wire.person(around.people.get(value as string) ?? null);
    case 'reference':
      return around.references?.get(value as string) ?? null;
    case 'nested':
      return presentNested(type.shape, value as Values, around.people);
    case 'summary': {
      const record = around.referenced?.get(value as string);
      return record ? presentNested(type.shape, record as Values, around.people) : null;
    }
    case 'file':
      return around.link?.(type.path ?? '') ?? null;
    default:
      return value;
  }
}

function writtenOf(field: DeclaredField): Written[] {
  const { wire: name, property, type } = field;
  const compute = field.compute as ((holder: Values) => unknown) | undefined;
  const read: (holder: Values, around: Around) => unknown = compute
    ? (holder) => compute(holder)
    : type.type === 'summary'
      ? (holder) => holder[type.of]
      : field.derived
        ? (_holder, around) => around.derived[property]
        : (holder) => holder[property];
  const plain = !compute && !field.derived && ['uniqueId', 'text', 'choice', 'currency', 'integer', 'boolean'].includes(type.type);
  if (type.type === 'choice' && field.display) {
    return [
      { name, value: read, property: plain ? property : undefined },
      { name: `${name}_display`, value: (holder, around) => type.choices.label(read(holder, around) as string | null) },
    ];
  }
  // A text, a choice, a number or a boolean is written as it is held (null for a missing one).
  if (plain) return [{ name, value: (holder) => holder[property] ?? null, property }];
  // A file is downloaded under the path segment of the field that holds it.
  const written = type.type === 'file' && type.path === undefined ? { ...type, path: name } : type;
  return [{ name, value: (holder, around) => wireValue(written, read(holder, around), around) }];
}

/** Builds the answer of `holder`: an object literal with every property at once, so that it keeps one shape. */
type Build = (holder: Values, around: Around) => Record<string, unknown>;

const builds = new WeakMap<readonly DeclaredField[], Build>();

/** The fields a presenter writes: all but a parent's key, the internal ones and those only a body sends. */
const written = (declared: readonly DeclaredField[]) => declared.filter((field) => field.type.type !== 'parent' && !field.internal && !field.writeOnly);

/**
 * The builder of the fields' answer, made once per declaration. Its body is an
 * object literal of the declared names (written as JSON strings, never code):
 * an object filled property by property takes a new hidden class at each one
 * and is read and serialised on V8's slow paths (see docs/performance.md).
 */
function buildOf(declared: readonly DeclaredField[]): Build {
  let build = builds.get(declared);
  if (!build) {
    const properties = written(declared).flatMap(writtenOf);
    const literal = properties
      .map((property, index) => `${JSON.stringify(property.name)}: ${property.property === undefined ? `v[${index}](h, a)` : `h[${JSON.stringify(property.property)}] ?? null`}`)
      .join(', ');
    const make = new Function('v', `return (h, a) => ({ ${literal} });`) as (values: Written['value'][]) => Build;
    builds.set(declared, (build = make(properties.map((property) => property.value))));
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

/** The schema of a value of `type` (not null). */
function typeSchema(field: DeclaredField): WireSchema<unknown> {
  const { type } = field;
  switch (type.type) {
    case 'uniqueId':
      return s.uniqueId();
    case 'text':
      if (type.format === 'url') return s.uri(type.max);
      if (type.format === 'email') return s.email();
      return s.text({ max: type.max, ...(field.required && { min: 1 }) });
    case 'choice':
      return type.allowBlank ? s.choiceOrBlank(type.choices) : s.choice(type.choices);
    case 'decimal':
      return s.decimal(type.limits);
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

function propertySchemas(declared: readonly DeclaredField[]): Record<string, WireSchema<unknown>> {
  const properties: Record<string, WireSchema<unknown>> = {};
  for (const field of written(declared)) {
    const schema = typeSchema(field);
    properties[field.wire] = field.nullable || field.type.type === 'person' ? s.nullable(schema) : schema;
    if (field.type.type === 'choice' && field.display) {
      const label = s.label(field.type.choices);
      properties[`${field.wire}_display`] = field.nullable ? s.nullable(label) : label;
    }
  }
  return properties;
}

function nestedSchema(shape: NestedShape): WireSchema<unknown> {
  return s.named(shape.name, s.object(propertySchemas(shape.fields)));
}

/** What `presenterOf(declaration)` writes, named after the resource. */
export function schemaOf(declaration: ResourceDeclaration): WireSchema<Record<string, unknown>> {
  return s.named(declaration.schemaName, s.object<Record<string, unknown>>(propertySchemas(declaration.fields)));
}

/** What `listPresenterOf(declaration)` writes: the list item's schema, where the resource has a lighter one. */
export function listSchemaOf(declaration: ResourceDeclaration): WireSchema<Record<string, unknown>> | undefined {
  const { listItem } = declaration;
  return listItem && s.named(listItem.schemaName, s.object<Record<string, unknown>>(propertySchemas(listFieldsOf(declaration))));
}
