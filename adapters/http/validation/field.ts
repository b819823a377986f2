import { FieldErrors } from '../../../domain/shared/errors';
import { FIELD_MESSAGES } from '../../../domain/shared/field-messages';

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
