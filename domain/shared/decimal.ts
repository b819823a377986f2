/**
 * Exact decimal numbers on BigInt: a scaled integer and its scale. Money never
 * touches binary floating point. Parsing keeps the literal's scale so that the
 * digit checks of a field see what the client wrote ("1.230" has 3 places).
 */
const LITERAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const MAX_LITERAL_LENGTH = 1000;
const MAX_EXPONENT = 100;

export class Decimal {
  private constructor(
    private readonly units: bigint,
    readonly scale: number,
  ) {}

  static parse(text: string): Decimal | null {
    const trimmed = text.trim();
    if (trimmed.length === 0 || trimmed.length > MAX_LITERAL_LENGTH || !LITERAL.test(trimmed)) return null;
    const [mantissa, exponentText] = trimmed.toLowerCase().split('e');
    const exponent = exponentText === undefined ? 0 : Number(exponentText);
    if (Math.abs(exponent) > MAX_EXPONENT) return null;
    const negative = mantissa.startsWith('-');
    const unsigned = mantissa.replace(/^[+-]/, '');
    const [whole, fraction = ''] = unsigned.split('.');
    let digits = (whole || '0') + fraction;
    let scale = fraction.length - exponent;
    if (scale < 0) {
      digits += '0'.repeat(-scale);
      scale = 0;
    }
    const units = BigInt(digits);
    return new Decimal(negative ? -units : units, scale);
  }

  static of(text: string): Decimal {
    const value = Decimal.parse(text);
    if (value === null) throw new RangeError(`Not a decimal: ${text}`);
    return value;
  }

  static fromUnits(units: bigint, scale: number): Decimal {
    return new Decimal(units, scale);
  }

  static zero(scale = 2): Decimal {
    return new Decimal(0n, scale);
  }

  /** The value as an integer count of 10^-scale units, rounding half-up. */
  toUnits(scale: number): bigint {
    return this.quantize(scale).units;
  }

  /** Digits before the point, ignoring leading zeros (0.5 has none). */
  get wholeDigits(): number {
    const whole = abs(this.units) / 10n ** BigInt(this.scale);
    return whole === 0n ? 0 : whole.toString().length;
  }

  /** DRF's digit count: whole digits plus decimal places. */
  get totalDigits(): number {
    return this.wholeDigits + this.scale;
  }

  /** Rounds half-up (away from zero on a tie) to `scale` places. */
  quantize(scale: number): Decimal {
    if (scale === this.scale) return this;
    if (scale > this.scale) return new Decimal(this.units * 10n ** BigInt(scale - this.scale), scale);
    const divisor = 10n ** BigInt(this.scale - scale);
    const quotient = abs(this.units) / divisor;
    const remainder = abs(this.units) % divisor;
    const rounded = remainder * 2n >= divisor ? quotient + 1n : quotient;
    return new Decimal(this.units < 0n ? -rounded : rounded, scale);
  }

  plus(other: Decimal): Decimal {
    const scale = Math.max(this.scale, other.scale);
    return new Decimal(this.quantize(scale).units + other.quantize(scale).units, scale);
  }

  minus(other: Decimal): Decimal {
    return this.plus(other.negated());
  }

  times(other: Decimal): Decimal {
    return new Decimal(this.units * other.units, this.scale + other.scale);
  }

  /** Exact division by a power of ten (a percentage is `dividedByPowerOfTen(2)`). */
  dividedByPowerOfTen(power: number): Decimal {
    return new Decimal(this.units, this.scale + power);
  }

  negated(): Decimal {
    return new Decimal(-this.units, this.scale);
  }

  compare(other: Decimal): -1 | 0 | 1 {
    const scale = Math.max(this.scale, other.scale);
    const a = this.quantize(scale).units;
    const b = other.quantize(scale).units;
    return a < b ? -1 : a > b ? 1 : 0;
  }

  equals(other: Decimal): boolean {
    return this.compare(other) === 0;
  }

  isNegative(): boolean {
    return this.units < 0n;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  /** Fixed-point text with exactly `scale` places (or the value's own scale). */
  toFixed(scale: number = this.scale): string {
    const value = this.quantize(scale);
    const digits = abs(value.units).toString().padStart(scale + 1, '0');
    const whole = digits.slice(0, digits.length - scale);
    const fraction = digits.slice(digits.length - scale);
    const sign = value.units < 0n ? '-' : '';
    return scale === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
  }

  toString(): string {
    return this.toFixed();
  }
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/**
 * The digit limits of a decimal field (Part 2 of the spec), with the bounds some
 * fields add. `check` answers DRF's messages, in DRF's order.
 */
export class DecimalLimits {
  constructor(
    readonly maxWholeDigits: number,
    readonly decimalPlaces: number,
    readonly min?: Decimal,
    readonly max?: Decimal,
  ) {}

  get maxDigits(): number {
    return this.maxWholeDigits + this.decimalPlaces;
  }

  check(value: Decimal): string[] {
    if (value.totalDigits > this.maxDigits) {
      return [`Ensure that there are no more than ${this.maxDigits} digits in total.`];
    }
    if (value.scale > this.decimalPlaces) {
      return [`Ensure that there are no more than ${this.decimalPlaces} decimal places.`];
    }
    if (value.wholeDigits > this.maxWholeDigits) {
      return [`Ensure that there are no more than ${this.maxWholeDigits} digits before the decimal point.`];
    }
    const errors: string[] = [];
    if (this.max && value.compare(this.max) > 0) {
      errors.push(`Ensure this value is less than or equal to ${this.max.toString()}.`);
    }
    if (this.min && value.compare(this.min) < 0) {
      errors.push(`Ensure this value is greater than or equal to ${this.min.toString()}.`);
    }
    return errors;
  }

  /** Whether a stored or computed value fits the field, at its scale. */
  fits(value: Decimal): boolean {
    return this.check(value.quantize(this.decimalPlaces)).length === 0;
  }
}
