import { Decimal, DecimalLimits } from '../../../domain/shared/decimal';
import { Field, FieldOptions, JsonSchema, reject } from './field';
import { scalarText } from './python-values';

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
    const largest = '9'.repeat(maxWholeDigits) + (decimalPlaces > 0 ? `.${'9'.repeat(decimalPlaces)}` : '');
    return {
      // A JSON number is taken as well (its digits kept exactly); the pattern is for the string form.
      type: ['string', 'number'],
      pattern: `^${sign}\\d{1,${maxWholeDigits}}(\\.\\d{1,${decimalPlaces}})?$`,
      description: `Decimal, up to ${maxWholeDigits} digits before the point and ${decimalPlaces} after; a JSON number is accepted too.`,
      // The bounds as numbers bound the number form (JSON Schema applies them to numbers only); the digits bound it
      // where no bound is declared. `x-minimum`/`x-maximum` keep the exact decimals.
      minimum: Number(min ? min.toString() : `-${largest}`),
      maximum: Number(max ? max.toString() : largest),
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
