import { RecordView } from '../../../application/records/record-views';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal, DecimalLimits } from '../../../domain/shared/decimal';
import { DeclaredField, FieldType, NestedShape } from '../../declaration/declared-field';
import { DeclaredShape } from '../../declaration/declared-shape';
import { ResourceDeclaration } from '../../declaration/resource-declaration';
import { PERSON_REF_SCHEMA, wire } from '../shared/present';
import { wireSchema as s, WireSchema } from '../shared/wire-schema';

/**
 * The presenter and the wire schema a declaration makes: every field in its
 * order under its wire name (a choice's `_display` beside it), derived values
 * from the view, nothing else. The schema describes exactly what the
 * presenter writes; the CSV header follows the schema.
 */

type Values = Readonly<Record<string, unknown>>;

/** What a field is written with besides the value that holds it: the view's people, references and derived values. */
export type Around = Pick<RecordView, 'people' | 'derived' | 'references'>;

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
    default:
      return value;
  }
}

function writtenOf(field: DeclaredField): Written[] {
  const { wire: name, property, type } = field;
  const compute = field.compute as ((holder: Values) => unknown) | undefined;
  const read: (holder: Values, around: Around) => unknown = compute
    ? (holder) => compute(holder)
    : field.derived
      ? (_holder, around) => around.derived[property]
      : (holder) => holder[property];
  const plain = !compute && !field.derived && ['uniqueId', 'text', 'choice', 'currency', 'integer', 'boolean'].includes(type.type);
  if (type.type === 'choice' && field.display) {
    return [
      { name, value: read, property: plain ? property : undefined },
      { name: displayOf(field), value: (holder, around) => type.choices.label(read(holder, around) as string | null) },
    ];
  }
  // A text, a choice, a number or a boolean is written as it is held (null for a missing one).
  if (plain) return [{ name, value: (holder) => holder[property] ?? null, property }];
  if (type.type === 'nested') {
    // Its builder found once, not per answer; its fields are read from it alone (a nested derived value has `compute`).
    const nested = buildOf(type.shape.fields);
    return [{ name, value: (holder, around) => {
      const value = read(holder, around) as Values | null | undefined;
      return value === null || value === undefined ? null : nested(value, around);
    } }];
  }
  return [{ name, value: (holder, around) => wireValue(type, read(holder, around), around) }];
}

/** Builds the answer of `holder`: an object literal with every property at once, so that it keeps one shape. */
type Build = (holder: Values, around: Around) => Record<string, unknown>;

const builds = new WeakMap<readonly DeclaredField[], Build>();

/** The fields a presenter writes: all but a parent's key, the internal ones and the write-only ones. */
const written = (declared: readonly DeclaredField[]) => declared.filter((field) => field.type.type !== 'parent' && !field.internal && !field.writeOnly);

/** The name of a choice's display. */
const displayOf = (field: DeclaredField) => field.displayName ?? `${field.wire}_display`;

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


/**
 * The presenter of a declared shape: `holder` (a snapshot) as the shape's
 * fields write it, `around` giving its people and derived values.
 */
export function shapePresenter(shape: DeclaredShape): (holder: object, around: Around) => Record<string, unknown> {
  return buildOf(shape.fields) as (holder: object, around: Around) => Record<string, unknown>;
}

/** The presenter of a declared resource: a record's view as its detail, its list item and its event's data. */
export function presenterOf(declaration: ResourceDeclaration): (view: RecordView) => Record<string, unknown> {
  const build = buildOf(declaration.fields);
  return (view) => build(view.record as unknown as Values, view);
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
      return nestedSchema(type.shape);
  }
}

function propertySchemas(declared: readonly DeclaredField[]): Record<string, WireSchema<unknown>> {
  const properties: Record<string, WireSchema<unknown>> = {};
  for (const field of written(declared)) {
    const schema = typeSchema(field);
    properties[field.wire] = field.nullable || field.type.type === 'person' ? s.nullable(schema) : schema;
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

/** What `presenterOf(declaration)` (or `shapePresenter(shape)`) writes, named after the resource. */
export function schemaOf(declaration: DeclaredShape): WireSchema<Record<string, unknown>> {
  return s.named(declaration.schemaName, s.object<Record<string, unknown>>(propertySchemas(declaration.fields)));
}
