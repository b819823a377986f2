import type * as ClassValidator from 'class-validator';
import { characterCount, DEFAULT_TEXT_MAX_LENGTH, FIELD_MESSAGES, unstorableTextProblems } from '../../../domain/shared/field-messages';
import { UNIQUE_ID_MAX_LENGTH, uniqueIdProblem } from '../../../domain/shared/unique-id';
import { Field, FieldOptions, JsonSchema, reject } from './field';
import { scalarText } from './python-values';

/*
 * Only class-validator's e-mail and URL checks, each from its own file: its index loads
 * every decorator, with all of validator.js and libphonenumber-js (some 300 modules).
 */
const { isEmail } = require('class-validator/cjs/decorator/string/IsEmail') as Pick<typeof ClassValidator, 'isEmail'>;
const { isURL } = require('class-validator/cjs/decorator/string/IsUrl') as Pick<typeof ClassValidator, 'isURL'>;

export interface TextOptions extends FieldOptions {
  /** `DEFAULT_TEXT_MAX_LENGTH` when left out: no text field is unbounded. */
  max?: number;
  min?: number;
  /** Defaults to `nullable`: Django's `null=True, blank=True` pair. */
  allowBlank?: boolean;
  /** A secret (a password): sent, never answered (`writeOnly` in the API description). */
  secret?: boolean;
  /** The format the API description gives it, where another checks it (a webhook's URL: its entity, with its own messages). */
  format?: 'uri';
}

export class TextField extends Field<string> {
  protected readonly allowBlank: boolean;
  /** The most characters it takes. */
  readonly max: number;

  constructor(protected readonly options: TextOptions = {}) {
    super(options);
    this.allowBlank = options.allowBlank ?? this.nullable;
    this.max = options.max ?? DEFAULT_TEXT_MAX_LENGTH;
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
    const { max } = this;
    const { min } = this.options;
    const length = characterCount(value);
    if (length > max) errors.push(FIELD_MESSAGES.maxLength(max));
    if (min !== undefined && length < min) errors.push(FIELD_MESSAGES.minLength(min));
    errors.push(...unstorableTextProblems(value));
    return errors;
  }

  protected describe(): JsonSchema {
    const { max } = this;
    const { secret, format } = this.options;
    // A blank (after trimming) is refused unless the field allows it: at least one character.
    const min = this.options.min ?? (this.allowBlank ? undefined : 1);
    return {
      type: 'string',
      ...(format && { format }),
      ...(min !== undefined && { minLength: min }),
      maxLength: max,
      ...(secret && { writeOnly: true }),
    };
  }
}

/**
 * An address as Django's `EmailValidator` takes it: validator.js's test, and
 * `localhost` as a domain (Django's allowlist), with the local part checked as
 * for any other domain. The length is the field's `max` (Django's
 * MaxLengthValidator), not a second reason to call it invalid.
 */
function isValidEmail(value: string): boolean {
  if (isEmail(value, { ignore_max_length: true })) return true;
  const at = value.lastIndexOf('@');
  return at > 0 && value.slice(at + 1).toLowerCase() === 'localhost' && isEmail(`${value.slice(0, at)}@example.com`, { ignore_max_length: true });
}

export class EmailField extends TextField {
  protected override problems(value: string): string[] {
    const errors = super.problems(value);
    if (!isValidEmail(value)) errors.push('Enter a valid email address.');
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
