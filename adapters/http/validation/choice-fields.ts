import { Choices } from '../../../domain/shared/choices';
import { FIELD_MESSAGES } from '../../../domain/shared/field-messages';
import { Field, FieldOptions, JsonSchema, reject } from './field';
import { pythonStr, pythonTypeName, scalarText } from './python-values';

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
