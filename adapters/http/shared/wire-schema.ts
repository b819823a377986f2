import { Choices } from '../../../domain/shared/choices';
import { DecimalLimits } from '../../../domain/shared/decimal';
import { DEFAULT_TEXT_MAX_LENGTH } from '../../../domain/shared/field-messages';
import { UNIQUE_ID_MAX_LENGTH } from '../../../domain/shared/unique-id';
import { JsonSchema } from '../validation/fields';

/**
 * The JSON Schema (OpenAPI 3.1) of what a presenter writes, with the named
 * schemas it refers to (`components.schemas`). `T` is the type of the value it
 * describes: `wireSchema.object<ReturnType<typeof presentX>>({…})` must list
 * every property the presenter writes, and no other, with a schema of a
 * compatible type, so a presenter and its schema cannot drift apart unnoticed.
 */
export interface WireSchema<T> {
  readonly json: JsonSchema;
  readonly components: Readonly<Record<string, JsonSchema>>;
  /** Never set: carries `T` for the type checker. */
  readonly describes?: T;
}

/** One schema for each property of `T`, all of them. */
export type PropertySchemas<T> = { [K in keyof T]-?: WireSchema<T[K]> };

const leaf = <T>(json: JsonSchema): WireSchema<T> => ({ json, components: {} });

/** Merges the named schemas of several schemas; one name must always mean one schema. */
export function mergeComponents(...sources: Readonly<Record<string, JsonSchema>>[]): Record<string, JsonSchema> {
  const merged: Record<string, JsonSchema> = {};
  for (const source of sources) {
    for (const [name, json] of Object.entries(source)) {
      if (name in merged && JSON.stringify(merged[name]) !== JSON.stringify(json)) {
        throw new Error(`Two different schemas are named ${name}`);
      }
      merged[name] = json;
    }
  }
  return merged;
}

// As the contract writes them: UTC with milliseconds, `2026-01-31T09:30:00.000Z`.
const UTC_DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$';

/** Texts without a bound of their own hold at most `DEFAULT_TEXT_MAX_LENGTH` characters, as the fields that take them. */
export const wireSchema = {
  text: (options: { max?: number; min?: number } = {}) =>
    leaf<string>({
      type: 'string',
      maxLength: options.max ?? DEFAULT_TEXT_MAX_LENGTH,
      ...(options.min !== undefined && { minLength: options.min }),
    }),
  email: () => leaf<string>({ type: 'string', format: 'email', maxLength: DEFAULT_TEXT_MAX_LENGTH }),
  uri: (max = DEFAULT_TEXT_MAX_LENGTH) => leaf<string>({ type: 'string', format: 'uri', maxLength: max }),
  /** An ISO 4217 code. */
  currency: () => leaf<string>({ type: 'string', pattern: '^[A-Z]{3}$' }),
  uniqueId: () => leaf<string>({ type: 'string', pattern: `^[A-Za-z0-9_-]{1,${UNIQUE_ID_MAX_LENGTH}}$` }),
  boolean: () => leaf<boolean>({ type: 'boolean' }),
  integer: (options: { min?: number; max?: number } = {}) =>
    leaf<number>({
      type: 'integer',
      ...(options.min !== undefined && { minimum: options.min }),
      ...(options.max !== undefined && { maximum: options.max }),
    }),
  /** A decimal as a string with exactly the field's places; without limits, any number of digits before the point. */
  decimal: (limits?: DecimalLimits, places = limits?.decimalPlaces ?? 2) => {
    const sign = limits?.min && !limits.min.isNegative() ? '' : '-?';
    const whole = limits ? `\\d{1,${limits.maxWholeDigits}}` : '\\d+';
    return leaf<string>({ type: 'string', pattern: `^${sign}${whole}\\.\\d{${places}}$` });
  },
  date: () => leaf<string>({ type: 'string', format: 'date' }),
  dateTime: () => leaf<string>({ type: 'string', format: 'date-time', pattern: UTC_DATE_TIME }),
  /** One of the values of an enumeration. */
  choice: <V extends string>(choices: Choices<V> | readonly V[]) =>
    leaf<V>({ type: 'string', enum: choices instanceof Choices ? choices.values : [...choices] }),
  /** One of the values of an enumeration, or '' (Django's `blank=True` on a choice field). */
  choiceOrBlank: <V extends string>(choices: Choices<V>) => leaf<V | ''>({ type: 'string', enum: [...choices.values, ''] }),
  /** The display label of a value of an enumeration (`status_display`). */
  label: <V extends string>(choices: Choices<V>) =>
    leaf<string>({ type: 'string', enum: [...new Set(choices.values.map((value) => choices.label(value)))] }),

  nullable: <T>(schema: WireSchema<T>): WireSchema<T | null> => {
    const { json } = schema;
    if (typeof json.type !== 'string') return { ...schema, json: { anyOf: [json, { type: 'null' }] } };
    return {
      ...schema,
      json: { ...json, type: [json.type, 'null'], ...(Array.isArray(json.enum) && { enum: [...json.enum, null] }) },
    };
  },

  /** The schema with a word on what it holds, for the API description. */
  described: <T>(schema: WireSchema<T>, description: string): WireSchema<T> => ({ ...schema, json: { ...schema.json, description } }),

  /** Every property required, no other allowed: the whitelist a presenter writes. */
  object: <T>(properties: PropertySchemas<T>): WireSchema<T> => {
    const entries = Object.entries(properties) as [string, WireSchema<unknown>][];
    return {
      json: {
        type: 'object',
        properties: Object.fromEntries(entries.map(([name, schema]) => [name, schema.json])),
        required: entries.map(([name]) => name),
        additionalProperties: false,
      },
      components: mergeComponents(...entries.map(([, schema]) => schema.components)),
    };
  },

  array: <T>(items: WireSchema<T>): WireSchema<T[]> => ({ json: { type: 'array', items: items.json }, components: items.components }),

  /** Puts the schema in `components.schemas` under `name` and refers to it there. */
  named: <T>(name: string, schema: WireSchema<T>): WireSchema<T> => ({
    json: { $ref: `#/components/schemas/${name}` },
    components: mergeComponents(schema.components, { [name]: schema.json }),
  }),
};
