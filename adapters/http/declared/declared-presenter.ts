import { RecordView } from '../../../application/records/record-views';
import { PersonRef } from '../../../application/shared/actor';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal } from '../../../domain/shared/decimal';
import { DeclaredField, FieldType, NestedShape } from '../../declaration/declared-field';
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
type Around = Pick<RecordView, 'people' | 'derived' | 'references'>;

/** Writes one field of `holder` (a record's state, or a nested object) onto `out`. */
type Writer = (holder: Values, around: Around, out: Record<string, unknown>) => void;

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
    default:
      return value;
  }
}

function writerOf(field: DeclaredField): Writer {
  const { wire: name, property, type } = field;
  const compute = field.compute as ((holder: Values) => unknown) | undefined;
  const read: (holder: Values, around: Around) => unknown = compute
    ? (holder) => compute(holder)
    : field.derived
      ? (_holder, around) => around.derived[property]
      : (holder) => holder[property];
  if (type.type === 'choice' && field.display) {
    const display = `${name}_display`;
    return (holder, around, out) => {
      const value = read(holder, around) as string | null;
      out[name] = value;
      out[display] = type.choices.label(value);
    };
  }
  return (holder, around, out) => {
    out[name] = wireValue(type, read(holder, around), around);
  };
}

const writers = new WeakMap<readonly DeclaredField[], Writer[]>();

/** The fields a presenter writes: all but a parent's key and the internal ones. */
const written = (declared: readonly DeclaredField[]) => declared.filter((field) => field.type.type !== 'parent' && !field.internal);

function writersOf(declared: readonly DeclaredField[]): Writer[] {
  let made = writers.get(declared);
  if (!made) writers.set(declared, (made = written(declared).map(writerOf)));
  return made;
}

const NOTHING_DERIVED: Values = Object.freeze({});

function presentNested(shape: NestedShape, value: Values, people: ReadonlyMap<string, PersonRef>): object {
  const out: Record<string, unknown> = {};
  const around = { people, derived: NOTHING_DERIVED };
  for (const write of writersOf(shape.fields)) write(value, around, out);
  return out;
}

/** The presenter of a declared resource: a record's view as its detail, its list item and its event's data. */
export function presenterOf(declaration: ResourceDeclaration): (view: RecordView) => Record<string, unknown> {
  const fieldWriters = writersOf(declaration.fields);
  return (view) => {
    const out: Record<string, unknown> = {};
    const record = view.record as unknown as Values;
    for (const write of fieldWriters) write(record, view, out);
    return out;
  };
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
