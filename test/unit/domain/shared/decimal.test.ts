import { Decimal, DecimalLimits } from '../../../../domain/shared/decimal';

const d = Decimal.of;

describe('Decimal.parse', () => {
  it.each([
    ['12.50', '12.50'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['+1', '1'],
    ['-7.25', '-7.25'],
    ['1e3', '1000'],
    ['1.5E2', '150'],
    ['1.50e1', '15.0'],
    ['2.5e-3', '0.0025'],
    ['  42.0  ', '42.0'],
    ['007.10', '7.10'],
  ])('reads %j as %s, keeping the scale that was written', (text, expected) => {
    expect(Decimal.parse(text)?.toString()).toBe(expected);
  });

  it.each(['abc', '1.2.3', 'NaN', 'Infinity', '-Infinity', '', '   ', '.', '+', '1e', 'e3', '1,5', '0x10', '1 000', '--1'])(
    'refuses %j',
    (text) => {
      expect(Decimal.parse(text)).toBeNull();
    },
  );

  it('refuses literals over 1000 characters but reads one of exactly 1000', () => {
    expect(Decimal.parse('1'.repeat(1001))).toBeNull();
    expect(Decimal.parse('1'.repeat(1000))?.wholeDigits).toBe(1000);
  });

  it('refuses exponents beyond ±100 rather than building huge numbers', () => {
    expect(Decimal.parse('1e101')).toBeNull();
    expect(Decimal.parse('1e-101')).toBeNull();
    expect(Decimal.parse('1e100')?.wholeDigits).toBe(101);
  });

  it('throws from Decimal.of on a non-number', () => {
    expect(() => d('abc')).toThrow(RangeError);
  });
});

describe('DRF digit counting (DecimalLimits.check)', () => {
  const money = new DecimalLimits(13, 2);

  it('counts leading zeros of a fraction as no whole digits', () => {
    expect(d('0.50').wholeDigits).toBe(0);
    expect(d('0.50').totalDigits).toBe(2);
    expect(d('007.5').wholeDigits).toBe(1);
  });

  it('reports too many digits in total before anything else', () => {
    expect(money.maxDigits).toBe(15);
    expect(money.check(d('12345678901234.00'))).toEqual(['Ensure that there are no more than 15 digits in total.']);
  });

  it('reports too many digits before the point', () => {
    expect(money.check(d('12345678901234'))).toEqual(['Ensure that there are no more than 13 digits before the decimal point.']);
  });

  it('reports too many decimal places', () => {
    expect(money.check(d('1.234'))).toEqual(['Ensure that there are no more than 2 decimal places.']);
  });

  it('counts whole digits for a (1, 2) field', () => {
    expect(new DecimalLimits(1, 2).check(d('10'))).toEqual(['Ensure that there are no more than 1 digits before the decimal point.']);
    expect(new DecimalLimits(1, 2).check(d('9.99'))).toEqual([]);
  });

  it('accepts the largest value that fits, negatives included', () => {
    expect(money.check(d('9999999999999.99'))).toEqual([]);
    expect(money.check(d('-9999999999999.99'))).toEqual([]);
  });

  it('counts an exponent as written digits', () => {
    expect(new DecimalLimits(3, 2).check(d('1e3'))).toEqual(['Ensure that there are no more than 3 digits before the decimal point.']);
    expect(new DecimalLimits(3, 2).check(d('1e-3'))).toEqual(['Ensure that there are no more than 2 decimal places.']);
  });

  it('checks the bounds after the digits, printing them as given', () => {
    const rate = new DecimalLimits(3, 2, d('0'), d('100'));
    expect(rate.check(d('100.01'))).toEqual(['Ensure this value is less than or equal to 100.']);
    expect(rate.check(d('-0.01'))).toEqual(['Ensure this value is greater than or equal to 0.']);
    expect(rate.check(d('100.00'))).toEqual([]);
    expect(rate.check(d('0'))).toEqual([]);
  });

  it('judges a computed value at the field scale: rounding may carry it out of range', () => {
    expect(money.fits(d('1234567890123.456'))).toBe(true);
    expect(money.fits(d('9999999999999.994'))).toBe(true);
    expect(money.fits(d('9999999999999.995'))).toBe(false);
  });
});

describe('rounding half-up', () => {
  it.each([
    ['1.005', 2, '1.01'],
    ['1.004', 2, '1.00'],
    ['-1.005', 2, '-1.01'],
    ['-1.004', 2, '-1.00'],
    ['2.5', 0, '3'],
    ['-2.5', 0, '-3'],
    ['0.125', 2, '0.13'],
    ['0.135', 2, '0.14'],
    ['9.995', 2, '10.00'],
    ['1.2', 3, '1.200'],
  ])('%s to %i places is %s', (text, scale, expected) => {
    expect(d(text).quantize(scale).toString()).toBe(expected);
  });

  it('gives integer units at a scale', () => {
    expect(d('12.345').toUnits(2)).toBe(1235n);
    expect(d('-12.345').toUnits(2)).toBe(-1235n);
    expect(d('7').toUnits(2)).toBe(700n);
    expect(Decimal.fromUnits(1235n, 2).toString()).toBe('12.35');
  });
});

describe('exact arithmetic', () => {
  it('adds 0.1 and 0.2 to exactly 0.30', () => {
    expect(d('0.1').plus(d('0.2')).toFixed(2)).toBe('0.30');
    expect(d('0.1').plus(d('0.2')).equals(d('0.3'))).toBe(true);
  });

  it('keeps every digit of 18-digit values', () => {
    expect(d('999999999999999999.99').plus(d('0.01')).toString()).toBe('1000000000000000000.00');
    expect(d('123456789012345678').minus(d('0.01')).toString()).toBe('123456789012345677.99');
    expect(d('9007199254740993.00').toFixed(2)).toBe('9007199254740993.00');
  });

  it('multiplies exactly and divides by powers of ten', () => {
    expect(d('19.99').times(d('3')).toString()).toBe('59.97');
    expect(d('0.1').times(d('0.2')).toString()).toBe('0.02');
    expect(d('16').dividedByPowerOfTen(2).toString()).toBe('0.16');
  });

  it('subtracts into negatives', () => {
    const result = d('2.50').minus(d('10'));
    expect(result.toString()).toBe('-7.50');
    expect(result.isNegative()).toBe(true);
    expect(result.negated().toString()).toBe('7.50');
  });

  it('knows zero at any scale', () => {
    expect(Decimal.zero().toString()).toBe('0.00');
    expect(d('0.000').isZero()).toBe(true);
    expect(d('-0.001').isZero()).toBe(false);
  });
});

describe('toFixed and compare', () => {
  it.each([
    ['0.5', 2, '0.50'],
    ['-0.05', 2, '-0.05'],
    ['12', 2, '12.00'],
    ['12.345', 0, '12'],
    ['0.001', 2, '0.00'],
    ['-12.5', 0, '-13'],
  ])('%s.toFixed(%i) is %s', (text, scale, expected) => {
    expect(d(text).toFixed(scale)).toBe(expected);
  });

  it('compares numerically whatever the scales', () => {
    expect(d('1.0').compare(d('1.00'))).toBe(0);
    expect(d('10').compare(d('9.99'))).toBe(1);
    expect(d('-1').compare(d('0.5'))).toBe(-1);
    expect(d('-10').compare(d('-9'))).toBe(-1);
    expect(d('100000000000000000.01').compare(d('100000000000000000.001'))).toBe(1);
  });

  it('sorts a list of amounts numerically, not as text', () => {
    const sorted = ['10', '9.5', '-2', '100.25', '0.75'].map(d).sort((a, b) => a.compare(b));
    expect(sorted.map(String)).toEqual(['-2', '0.75', '9.5', '10', '100.25']);
  });
});
