import type * as ClassValidator from 'class-validator';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Choices } from '../../../domain/shared/choices';
import { Decimal, DecimalLimits } from '../../../domain/shared/decimal';
import { FieldErrors } from '../../../domain/shared/errors';
import { characterCount, FIELD_MESSAGES, unstorableTextProblems } from '../../../domain/shared/field-messages';
import { UNIQUE_ID_MAX_LENGTH, uniqueIdProblem } from '../../../domain/shared/unique-id';
import { JsonNumber } from '../body/lossless-json';

/*
 * Only class-validator's e-mail and URL checks, each from its own file: its index loads
 * every decorator, with all of validator.js and libphonenumber-js (some 300 modules).
 */
const { isEmail } = require('class-validator/cjs/decorator/string/IsEmail') as Pick<typeof ClassValidator, 'isEmail'>;
const { isURL } = require('class-validator/cjs/decorator/string/IsUrl') as Pick<typeof ClassValidator, 'isURL'>;

/**
 * Serializer fields with Django REST Framework's semantics and default
 * messages: required / null / blank, type checks, then limits. A field turns
 * one raw input value into a typed value or throws `FieldRejected`.
 */
export class FieldRejected extends Error {
  constructor(readonly detail: string[] | FieldErrors) {
    super('field rejected');
  }
}

export interface BindContext {
  /** PATCH, and nested objects: a missing required field is not an error. */
  partial: boolean;
  /** Form bodies: every value is a string and '' means null for nullable fields. */
  form: boolean;
}

export interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
}

export abstract class Field<T> {
  readonly required: boolean;
  readonly nullable: boolean;

  constructor(options: FieldOptions = {}) {
    this.required = options.required ?? false;
    this.nullable = options.nullable ?? false;
  }

  /** What a required field that was not sent answers (DRF's `required` message). */
  get requiredMessage(): string {
    return FIELD_MESSAGES.required;
  }

  /** Whether '' in a form body stands for "no value" (DRF's `get_value`). */
  protected get blankMeansNull(): boolean {
    return this.nullable;
  }

  /** Whether the field takes '' as a value of its own. */
  protected get acceptsBlank(): boolean {
    return false;
  }

  /** DRF's `get_value`: in a form, '' for an optional field that takes neither null nor '' is "not sent". */
  get blankFormValueMeansAbsent(): boolean {
    return !this.required && !this.nullable && !this.acceptsBlank;
  }

  bind(raw: unknown, context: BindContext): T | null {
    if (context.form && raw === '' && this.blankMeansNull) return null;
    if (raw === null) {
      if (this.nullable) return null;
      reject(FIELD_MESSAGES.notNull);
    }
    return this.convert(raw, context);
  }

  protected abstract convert(raw: unknown, context: BindContext): T;

  /** The field as JSON Schema (OpenAPI 3.1), for the API's published description. */
  schema(): JsonSchema {
    const own = this.describe();
    if (!this.nullable) return own;
    // Null joins the types, and the choices where there are some.
    return { ...own, type: [...[own.type as string | string[]].flat(), 'null'], ...(Array.isArray(own.enum) && { enum: [...own.enum, null] }) };
  }

  protected abstract describe(): JsonSchema;
}

export type JsonSchema = { [keyword: string]: unknown };

export function reject(...messages: string[]): never {
  throw new FieldRejected(messages);
}

/** `str(data)` as DRF sees a JSON scalar. */
function scalarText(raw: unknown): string | null {
  if (typeof raw === 'string') return raw;
  if (raw instanceof JsonNumber) return raw.text;
  if (typeof raw === 'number') return String(raw);
  return null;
}

/** Python's name for the type of a JSON value, as DRF's messages print it. */
export function pythonTypeName(raw: unknown): string {
  if (typeof raw === 'string') return 'str';
  if (typeof raw === 'boolean') return 'bool';
  if (raw instanceof JsonNumber) return raw.isInteger ? 'int' : 'float';
  if (typeof raw === 'number') return Number.isInteger(raw) ? 'int' : 'float';
  if (Array.isArray(raw)) return 'list';
  if (raw === null) return 'NoneType';
  return 'dict';
}

/** How Python's `str()` prints a JSON value, as DRF's messages quote the input. */
export function pythonStr(raw: unknown): string {
  return typeof raw === 'string' ? raw : pythonRepr(raw);
}

function pythonRepr(raw: unknown): string {
  if (raw === null || raw === undefined) return 'None';
  if (typeof raw === 'boolean') return raw ? 'True' : 'False';
  if (raw instanceof JsonNumber) return raw.text;
  if (typeof raw === 'string') return `'${raw.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(raw)) return `[${raw.map(pythonRepr).join(', ')}]`;
  if (typeof raw === 'object') {
    return `{${Object.entries(raw).map(([key, value]) => `${pythonRepr(key)}: ${pythonRepr(value)}`).join(', ')}}`;
  }
  return String(raw);
}

export interface TextOptions extends FieldOptions {
  max?: number;
  min?: number;
  /** Defaults to `nullable`: Django's `null=True, blank=True` pair. */
  allowBlank?: boolean;
  /** A secret (a password): sent, never answered (`writeOnly` in the API description). */
  secret?: boolean;
}

export class TextField extends Field<string> {
  protected readonly allowBlank: boolean;

  constructor(protected readonly options: TextOptions = {}) {
    super(options);
    this.allowBlank = options.allowBlank ?? this.nullable;
  }

  protected override get blankMeansNull(): boolean {
    return this.nullable && !this.allowBlank;
  }

  protected override get acceptsBlank(): boolean {
    return this.allowBlank;
  }

  protected convert(raw: unknown): string {
    if (typeof raw === 'boolean') reject('Not a valid string.');
    const text = scalarText(raw);
    if (text === null) reject('Not a valid string.');
    const value = text.trim();
    if (value === '') {
      if (!this.allowBlank) reject(FIELD_MESSAGES.notBlank);
      return '';
    }
    const errors = this.problems(value);
    if (errors.length > 0) reject(...errors);
    return value;
  }

  protected problems(value: string): string[] {
    const errors: string[] = [];
    const { max, min } = this.options;
    const length = characterCount(value);
    if (max !== undefined && length > max) errors.push(FIELD_MESSAGES.maxLength(max));
    if (min !== undefined && length < min) errors.push(FIELD_MESSAGES.minLength(min));
    errors.push(...unstorableTextProblems(value));
    return errors;
  }

  protected describe(): JsonSchema {
    const { max, secret } = this.options;
    // A blank (after trimming) is refused unless the field allows it: at least one character.
    const min = this.options.min ?? (this.allowBlank ? undefined : 1);
    return {
      type: 'string',
      ...(min !== undefined && { minLength: min }),
      ...(max !== undefined && { maxLength: max }),
      ...(secret && { writeOnly: true }),
    };
  }
}

export class EmailField extends TextField {
  protected override problems(value: string): string[] {
    const errors = super.problems(value);
    // The length is the field's `max` (Django's MaxLengthValidator), not a second reason to call it invalid.
    if (!isEmail(value, { ignore_max_length: true })) errors.push('Enter a valid email address.');
    return errors;
  }

  protected override describe(): JsonSchema {
    // Any Unicode spelling is taken and normalised (NFKC), so the internationalised format.
    return { ...super.describe(), format: 'idn-email' };
  }
}

export class UrlField extends TextField {
  protected override problems(value: string): string[] {
    const errors = super.problems(value);
    const valid = isURL(value, { require_protocol: true, protocols: ['http', 'https', 'ftp', 'ftps'], require_tld: false });
    if (!valid) errors.push('Enter a valid URL.');
    return errors;
  }

  protected override describe(): JsonSchema {
    return { ...super.describe(), format: 'uri' };
  }
}

export class UniqueIdField extends TextField {
  constructor(options: FieldOptions = {}) {
    super({ ...options, max: UNIQUE_ID_MAX_LENGTH, allowBlank: false });
  }

  protected override problems(value: string): string[] {
    const errors = super.problems(value);
    const problem = uniqueIdProblem(value);
    if (problem && errors.length === 0) errors.push(problem);
    return errors;
  }

  protected override describe(): JsonSchema {
    return { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' };
  }
}

export interface ChoiceOptions extends FieldOptions {
  allowBlank?: boolean;
  /** A narrower set than the enumeration, for example the statuses allowed on create. */
  allowed?: readonly string[];
}

export class ChoiceField<V extends string> extends Field<V | ''> {
  constructor(
    private readonly choices: Choices<V>,
    private readonly options: ChoiceOptions = {},
  ) {
    super(options);
  }

  protected override get blankMeansNull(): boolean {
    return this.nullable && !this.options.allowBlank;
  }

  protected override get acceptsBlank(): boolean {
    return this.options.allowBlank ?? false;
  }

  protected convert(raw: unknown): V | '' {
    if (raw === '' && this.options.allowBlank) return '';
    const text = typeof raw === 'boolean' ? (raw ? 'True' : 'False') : scalarText(raw);
    if (text === null) reject(FIELD_MESSAGES.invalidChoice(pythonStr(raw)));
    const allowed = this.options.allowed;
    if (!this.choices.has(text) || (allowed && !allowed.includes(text))) reject(FIELD_MESSAGES.invalidChoice(text));
    return text;
  }

  protected describe(): JsonSchema {
    const values = this.options.allowed ?? this.choices.values;
    return { type: 'string', enum: this.options.allowBlank ? [...values, ''] : [...values] };
  }
}

/** DRF's MultipleChoiceField with `allow_empty=False`: a JSON list of choices, each once. */
export class MultipleChoiceField<V extends string> extends Field<V[]> {
  constructor(
    private readonly values: readonly V[],
    options: FieldOptions = {},
  ) {
    super(options);
  }

  protected convert(raw: unknown): V[] {
    if (!Array.isArray(raw)) reject(`Expected a list of items but got type "${pythonTypeName(raw)}".`);
    if (raw.length === 0) reject('This selection may not be empty.');
    const invalid = raw.find((item) => typeof item !== 'string' || !(this.values as readonly string[]).includes(item));
    if (invalid !== undefined) reject(`"${pythonStr(invalid)}" is not a valid choice.`);
    return [...new Set(raw as V[])];
  }

  protected describe(): JsonSchema {
    return { type: 'array', items: { type: 'string', enum: [...this.values] }, minItems: 1, uniqueItems: true };
  }
}

export class CurrencyField extends TextField {
  constructor(
    options: FieldOptions,
    private readonly isKnown: (code: string) => boolean,
  ) {
    super({ ...options, max: 3, min: 1, allowBlank: false });
  }

  protected override problems(value: string): string[] {
    const errors = super.problems(value);
    if (errors.length === 0 && !this.isKnown(value)) errors.push(`"${value}" is not a valid choice.`);
    return errors;
  }

  protected override describe(): JsonSchema {
    return { type: 'string', pattern: '^[A-Z]{3}$', description: 'ISO 4217 currency code' };
  }
}

export class DecimalField extends Field<Decimal> {
  constructor(
    private readonly limits: DecimalLimits,
    options: FieldOptions = {},
  ) {
    super(options);
  }

  protected convert(raw: unknown): Decimal {
    const text = typeof raw === 'boolean' ? null : scalarText(raw);
    if (text !== null && text.trim().length > 1000) reject('String value too large.');
    const value = text === null ? null : Decimal.parse(text);
    if (value === null) reject('A valid number is required.');
    const errors = this.limits.check(value);
    if (errors.length > 0) reject(...errors);
    return value.quantize(this.limits.decimalPlaces);
  }

  protected describe(): JsonSchema {
    const { maxWholeDigits, decimalPlaces, min, max } = this.limits;
    // A field that takes no negative value is described without the sign its bound refuses anyway.
    const sign = min && !min.isNegative() ? '' : '-?';
    return {
      // A JSON number is taken as well (its digits kept exactly); the pattern is for the string form.
      type: ['string', 'number'],
      pattern: `^${sign}\\d{1,${maxWholeDigits}}(\\.\\d{1,${decimalPlaces}})?$`,
      description: `Decimal, up to ${maxWholeDigits} digits before the point and ${decimalPlaces} after; a JSON number is accepted too.`,
      ...(min && { 'x-minimum': min.toString() }),
      ...(max && { 'x-maximum': max.toString() }),
    };
  }
}

export interface IntegerOptions extends FieldOptions {
  min?: number;
  max?: number;
}

export class IntegerField extends Field<number> {
  constructor(private readonly options: IntegerOptions = {}) {
    super(options);
  }

  protected convert(raw: unknown): number {
    const text = typeof raw === 'boolean' ? null : scalarText(raw);
    if (text !== null && text.length > 1000) reject('String value too large.');
    const match = text === null ? null : /^\s*([+-]?\d+)(\.0*)?\s*$/.exec(text);
    if (!match) reject('A valid integer is required.');
    const value = BigInt(match[1]);
    const { min, max } = this.options;
    if (max !== undefined && value > BigInt(max)) reject(`Ensure this value is less than or equal to ${max}.`);
    if (min !== undefined && value < BigInt(min)) reject(`Ensure this value is greater than or equal to ${min}.`);
    return Number(value);
  }

  protected describe(): JsonSchema {
    const { min, max } = this.options;
    return { type: 'integer', ...(min !== undefined && { minimum: min }), ...(max !== undefined && { maximum: max }) };
  }
}

const TRUE_VALUES = new Set(['t', 'T', 'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON', '1']);
const FALSE_VALUES = new Set(['f', 'F', 'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF', '0']);

export class BooleanField extends Field<boolean> {
  protected convert(raw: unknown): boolean {
    if (typeof raw === 'boolean') return raw;
    const text = scalarText(raw);
    if (text !== null && TRUE_VALUES.has(text)) return true;
    if (text !== null && FALSE_VALUES.has(text)) return false;
    return reject('Must be a valid boolean.');
  }

  protected describe(): JsonSchema {
    return { type: 'boolean' };
  }
}

export class DateField extends Field<CalendarDate> {
  protected convert(raw: unknown): CalendarDate {
    const date = typeof raw === 'string' ? CalendarDate.parse(raw.trim()) : null;
    if (!date) reject('Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
    return date;
  }

  protected describe(): JsonSchema {
    return { type: 'string', format: 'date' };
  }
}

const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,6}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

export class DateTimeField extends Field<Date> {
  protected convert(raw: unknown): Date {
    const wrong = 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].';
    const match = typeof raw === 'string' ? DATETIME.exec(raw.trim()) : null;
    if (!match) reject(wrong);
    const [, y, mo, d, h, mi, s = '0', fraction = '0', zone = 'Z'] = match;
    if (!CalendarDate.fromParts(Number(y), Number(mo), Number(d)) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
      reject(wrong);
    }
    const offset = zone.toUpperCase() === 'Z' ? 0 : offsetMinutes(zone);
    const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
    const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms) - offset * 60_000;
    return new Date(utc);
  }

  protected describe(): JsonSchema {
    return { type: 'string', format: 'date-time' };
  }
}

function offsetMinutes(zone: string): number {
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
}

/** Shorthands that read like a serializer declaration. */
export const fields = {
  text: (options?: TextOptions) => new TextField(options),
  email: (options?: TextOptions) => new EmailField(options),
  url: (options?: TextOptions) => new UrlField(options),
  uniqueId: (options?: FieldOptions) => new UniqueIdField(options),
  choice: <V extends string>(choices: Choices<V>, options?: ChoiceOptions) => new ChoiceField(choices, options),
  multipleChoice: <V extends string>(values: readonly V[], options?: FieldOptions) => new MultipleChoiceField(values, options),
  currency: (isKnown: (code: string) => boolean, options: FieldOptions = {}) => new CurrencyField(options, isKnown),
  decimal: (limits: DecimalLimits, options?: FieldOptions) => new DecimalField(limits, options),
  integer: (options?: IntegerOptions) => new IntegerField(options),
  boolean: (options?: FieldOptions) => new BooleanField(options),
  date: (options?: FieldOptions) => new DateField(options),
  dateTime: (options?: FieldOptions) => new DateTimeField(options),
};
