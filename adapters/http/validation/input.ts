import 'reflect-metadata';
import { FieldErrors, ValidationFailed } from '../../../domain/shared/errors';
import { BindContext, Field, FieldRejected, JsonSchema } from './field';
import { pythonTypeName } from './python-values';

/**
 * Request-body DTOs: a class whose properties are declared with `@Input(wireName, field)`.
 * Binding whitelists the declared fields (unknown input is ignored), applies
 * DRF's rules per field and collects every error in one DRF-shaped body.
 */
export interface InputProperty {
  property: string;
  wireName: string;
  field: Field<unknown>;
  /** Validated like any field, then dropped: a server-managed value (`date_created`). */
  discard: boolean;
  /** What the API description says of it, beyond its schema. */
  description?: string;
  /** The values the use case takes, fewer than the field's choices: the domain refuses the others (a new expense's status). */
  documentedChoices?: readonly string[];
}

const INPUTS = Symbol('inputs');

export type InputClass<T> = new () => T;

export function Input(
  wireName: string,
  field: Field<unknown>,
  options: { discard?: boolean; description?: string; documentedChoices?: readonly string[] } = {},
): PropertyDecorator {
  return (target, property) => {
    const own: InputProperty[] = Reflect.getOwnMetadata(INPUTS, target) ?? [...(Reflect.getMetadata(INPUTS, target) ?? [])];
    const input: InputProperty = { ...options, property: String(property), wireName, field, discard: options.discard ?? false };
    // A subclass redeclaring an inherited field replaces it in place.
    const inherited = own.findIndex((existing) => existing.wireName === wireName);
    if (inherited >= 0) own[inherited] = input;
    else own.push(input);
    Reflect.defineMetadata(INPUTS, own, target);
  };
}

export function inputsOf(dto: InputClass<unknown>): InputProperty[] {
  return Reflect.getMetadata(INPUTS, dto.prototype) ?? [];
}

/** A JSON object: not an array, a number kept as text, nor an uploaded file. */
export function isPlainObject(raw: unknown): raw is Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null) return false;
  const prototype = Object.getPrototypeOf(raw);
  return prototype === Object.prototype || prototype === null;
}

function expectedDictionary(raw: unknown): FieldErrors {
  return { non_field_errors: [`Invalid data. Expected a dictionary, but got ${pythonTypeName(raw)}.`] };
}

/** Binds a body to a DTO or throws `ValidationFailed` with every field's errors. */
export function bindInput<T extends object>(dto: InputClass<T>, raw: unknown, context: BindContext): T {
  const result = bindObject(dto, raw, context);
  if ('errors' in result) throw new ValidationFailed(result.errors);
  return result.value;
}

function bindObject<T extends object>(
  dto: InputClass<T>,
  raw: unknown,
  context: BindContext,
): { value: T } | { errors: FieldErrors } {
  if (!isPlainObject(raw)) return { errors: expectedDictionary(raw) };
  return bindProperties(inputsOf(dto), raw, context, new dto()) as { value: T } | { errors: FieldErrors };
}

/** Binds `raw` field by field onto `value`, collecting every field's errors. */
export function bindProperties(
  inputs: readonly InputProperty[],
  raw: Record<string, unknown>,
  context: BindContext,
  value: object = {},
): { value: object } | { errors: FieldErrors } {
  const bound = value as Record<string, unknown>;
  const errors: FieldErrors = {};
  for (const input of inputs) {
    const present =
      Object.prototype.hasOwnProperty.call(raw, input.wireName) &&
      !(context.form && raw[input.wireName] === '' && input.field.blankFormValueMeansAbsent);
    if (!present) {
      if (input.field.required && !context.partial) errors[input.wireName] = [input.field.requiredMessage];
      continue;
    }
    try {
      const result = input.field.bind(raw[input.wireName], context);
      if (!input.discard) bound[input.property] = result;
    } catch (error) {
      if (!(error instanceof FieldRejected)) throw error;
      errors[input.wireName] = error.detail;
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { value: bound };
}

/** A nested object (address, banking information): merged field by field, `null` clears it. */
export class NestedField<T extends object> extends Field<T> {
  constructor(
    private readonly dto: InputClass<T>,
    options: { nullable?: boolean } = {},
  ) {
    super(options);
  }

  protected describe(): JsonSchema {
    return inputSchema(this.dto, false);
  }

  protected convert(raw: unknown, context: BindContext): T {
    const result = bindObject(this.dto, raw, { ...context, partial: true });
    if ('errors' in result) throw new FieldRejected(result.errors);
    return result.value;
  }
}

export const nested = <T extends object>(dto: InputClass<T>, options?: { nullable?: boolean }) => new NestedField(dto, options);

/**
 * Fields as OpenAPI parameters of the query string. `emptyIsAbsent`: read as
 * django-filter reads a list's, where `status=` filters nothing
 * (`allowEmptyValue`: an empty value is taken whatever the schema).
 */
export function queryParameters(inputs: readonly InputProperty[], options: { emptyIsAbsent?: boolean } = {}): JsonSchema[] {
  return inputs.map((input) => ({
    name: input.wireName,
    in: 'query',
    required: input.field.required,
    ...(options.emptyIsAbsent && { allowEmptyValue: true }),
    schema: input.field.schema(),
    ...(input.description !== undefined && { description: input.description }),
  }));
}

/** A DTO as a JSON Schema object; `withRequired` lists the fields a create or PUT must carry. */
export function inputSchema(dto: InputClass<object>, withRequired = true): JsonSchema {
  const inputs = inputsOf(dto);
  const required = inputs.filter((input) => input.field.required).map((input) => input.wireName);
  return {
    type: 'object',
    properties: Object.fromEntries(inputs.map((input) => [input.wireName, propertySchema(input)])),
    ...(withRequired && required.length > 0 && { required }),
  };
}

/** One field of a body: server-managed fields it accepts and ignores are `readOnly`. */
function propertySchema(input: InputProperty): JsonSchema {
  const schema = input.field.schema();
  return {
    ...schema,
    ...(input.documentedChoices && { enum: [...input.documentedChoices] }),
    ...(input.discard && { readOnly: true }),
    ...(input.description !== undefined && { description: input.description }),
  };
}
