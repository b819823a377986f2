import { JsonNumber, parseJson } from '../../../adapters/http/body/lossless-json';
import { wireSchema } from '../../../adapters/http/shared/wire-schema';
import { BindContext, Field, FieldRejected, fields, pythonTypeName } from '../../../adapters/http/validation/fields';
import { filters } from '../../../adapters/http/validation/query';
import { Choices } from '../../../domain/shared/choices';
import { Decimal, DecimalLimits } from '../../../domain/shared/decimal';
import { DEFAULT_TEXT_MAX_LENGTH } from '../../../domain/shared/field-messages';
import { isCurrencyCode } from '../../../domain/shared/currency';
import { INVALID_UNIQUE_ID } from '../../../domain/shared/unique-id';

const JSON_BODY: BindContext = { partial: false, form: false };
const FORM_BODY: BindContext = { partial: false, form: true };
const num = (text: string) => new JsonNumber(text);

/** The messages a field answers for `raw`; fails the test when the field accepts it. */
function messagesOf(field: Field<unknown>, raw: unknown, context: BindContext = JSON_BODY): unknown {
  try {
    field.bind(raw, context);
  } catch (error) {
    expect(error).toBeInstanceOf(FieldRejected);
    return (error as FieldRejected).detail;
  }
  throw new Error(`expected ${JSON.stringify(raw)} to be rejected`);
}

const STATUSES = new Choices([
  ['active', 'Active'],
  ['1', 'One'],
  ['True', 'Yes'],
] as const);

describe('required, null and blank', () => {
  it('refuses null unless the field is nullable', () => {
    expect(messagesOf(fields.text(), null)).toEqual(['This field may not be null.']);
    expect(messagesOf(fields.integer(), null)).toEqual(['This field may not be null.']);
    expect(fields.text({ nullable: true }).bind(null, JSON_BODY)).toBeNull();
    expect(fields.decimal(new DecimalLimits(3, 2), { nullable: true }).bind(null, JSON_BODY)).toBeNull();
  });

  it('refuses blank text, whitespace included, unless blank is allowed', () => {
    expect(messagesOf(fields.text(), '')).toEqual(['This field may not be blank.']);
    expect(messagesOf(fields.text(), '   ')).toEqual(['This field may not be blank.']);
    expect(fields.text({ allowBlank: true }).bind('  ', JSON_BODY)).toBe('');
  });

  it("follows Django's null=True, blank=True pairing by default", () => {
    expect(fields.text({ nullable: true }).bind('', JSON_BODY)).toBe('');
    expect(messagesOf(fields.text({ nullable: true, allowBlank: false }), '')).toEqual(['This field may not be blank.']);
  });

  it("reads '' in a form as null for nullable fields that may not be blank", () => {
    expect(fields.text({ nullable: true, allowBlank: false }).bind('', FORM_BODY)).toBeNull();
    expect(fields.integer({ nullable: true }).bind('', FORM_BODY)).toBeNull();
    expect(fields.date({ nullable: true }).bind('', FORM_BODY)).toBeNull();
    expect(fields.choice(STATUSES, { nullable: true }).bind('', FORM_BODY)).toBeNull();
  });

  it("keeps '' in a form for fields that may be blank", () => {
    expect(fields.text({ nullable: true }).bind('', FORM_BODY)).toBe('');
    expect(fields.choice(STATUSES, { nullable: true, allowBlank: true }).bind('', FORM_BODY)).toBe('');
  });

  it("does not turn '' into null in JSON bodies", () => {
    expect(messagesOf(fields.integer({ nullable: true }), '')).toEqual(['A valid integer is required.']);
    expect(messagesOf(fields.date({ nullable: true }), '')).toEqual([
      'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
    ]);
  });
});

describe('text fields', () => {
  it('trims and checks the length limits, all of them', () => {
    expect(fields.text({ max: 5 }).bind('  abc  ', JSON_BODY)).toBe('abc');
    expect(messagesOf(fields.text({ max: 5 }), 'abcdef')).toEqual(['Ensure this field has no more than 5 characters.']);
    expect(messagesOf(fields.text({ min: 3 }), 'ab')).toEqual(['Ensure this field has at least 3 characters.']);
  });

  it('takes numbers as their text but refuses booleans, lists and objects', () => {
    expect(fields.text().bind(num('12.50'), JSON_BODY)).toBe('12.50');
    expect(messagesOf(fields.text(), true)).toEqual(['Not a valid string.']);
    expect(messagesOf(fields.text(), ['a'])).toEqual(['Not a valid string.']);
    expect(messagesOf(fields.text(), { a: 1 })).toEqual(['Not a valid string.']);
  });

  it('checks e-mail addresses and URLs after the length', () => {
    expect(fields.email().bind(' ada@example.com ', JSON_BODY)).toBe('ada@example.com');
    expect(messagesOf(fields.email(), 'ada@')).toEqual(['Enter a valid email address.']);
    expect(fields.url().bind('https://acme.test/about', JSON_BODY)).toBe('https://acme.test/about');
    expect(messagesOf(fields.url(), 'acme dot test')).toEqual(['Enter a valid URL.']);
    expect(messagesOf(fields.url(), 'javascript:alert(1)')).toEqual(['Enter a valid URL.']);
  });

  it("takes an address at localhost, as Django's EmailValidator does, and checks its local part all the same", () => {
    expect(fields.email().bind('x@localhost', JSON_BODY)).toBe('x@localhost');
    expect(fields.email().bind('Ops.Team@LOCALHOST', JSON_BODY)).toBe('Ops.Team@LOCALHOST');
    expect(messagesOf(fields.email(), 'two words@localhost')).toEqual(['Enter a valid email address.']);
    expect(messagesOf(fields.email(), '@localhost')).toEqual(['Enter a valid email address.']);
    expect(messagesOf(fields.email(), 'x@localhost.')).toEqual(['Enter a valid email address.']);
    expect(messagesOf(fields.email(), 'x@intranet')).toEqual(['Enter a valid email address.']);
  });

  it('checks unique_id: never blank, at most 100 characters, then the pattern', () => {
    expect(fields.uniqueId().bind('exp-001_A', JSON_BODY)).toBe('exp-001_A');
    expect(messagesOf(fields.uniqueId(), '')).toEqual(['This field may not be blank.']);
    expect(messagesOf(fields.uniqueId(), 'x'.repeat(101))).toEqual(['Ensure this field has no more than 100 characters.']);
    expect(messagesOf(fields.uniqueId(), 'not valid!')).toEqual([INVALID_UNIQUE_ID]);
  });

  it('checks a currency code against the known codes, as a choice', () => {
    const currency = fields.currency(isCurrencyCode);
    expect(currency.bind('KES', JSON_BODY)).toBe('KES');
    expect(messagesOf(currency, 'XYZ')).toEqual(['"XYZ" is not a valid choice.']);
    expect(messagesOf(currency, 'usd')).toEqual(['"usd" is not a valid choice.']);
    expect(messagesOf(currency, 'DOLLARS')).toEqual(['Ensure this field has no more than 3 characters.']);
  });
});

describe('text without a maximum of its own', () => {
  const TOO_LONG = ['Ensure this field has no more than 10000 characters.'];
  const unbounded = { text: fields.text({ nullable: true }), email: fields.email(), url: fields.url() };

  it('is bounded at 10 000 characters, as DRF words it', () => {
    expect(DEFAULT_TEXT_MAX_LENGTH).toBe(10_000);
    expect(fields.text().bind('a'.repeat(10_000), JSON_BODY)).toHaveLength(10_000);
    expect(messagesOf(fields.text(), 'a'.repeat(10_001))).toEqual(TOO_LONG);
    expect(messagesOf(fields.text({ nullable: true }), 'a'.repeat(10_001), FORM_BODY)).toEqual(TOO_LONG);
    // After trimming, in characters (code points): an astral character is one.
    expect(fields.text().bind(` ${'a'.repeat(10_000)} `, JSON_BODY)).toHaveLength(10_000);
    expect(fields.text().bind('🚀'.repeat(10_000), JSON_BODY)).toBe('🚀'.repeat(10_000));
    expect(messagesOf(fields.text(), '🚀'.repeat(10_001))).toEqual(TOO_LONG);
  });

  it('bounds e-mail addresses and URLs too', () => {
    const email = `${'a'.repeat(9_988)}@example.com`;
    expect(fields.email().bind(email, JSON_BODY)).toBe(email);
    expect(messagesOf(fields.email(), `a${email}`)).toEqual(TOO_LONG);
    // validator.js takes no URL over 2 083 characters: too long is then both.
    expect(messagesOf(fields.url(), `https://acme.test/${'a'.repeat(9_983)}`)).toEqual([...TOO_LONG, 'Enter a valid URL.']);
  });

  it('keeps a smaller maximum where the field has one', () => {
    expect(messagesOf(fields.text({ max: 300 }), 'a'.repeat(301))).toEqual(['Ensure this field has no more than 300 characters.']);
    expect(fields.text({ max: 300 }).schema()).toMatchObject({ maxLength: 300 });
  });

  it('documents the bound in its schema', () => {
    expect(unbounded.text.schema()).toEqual({ type: ['string', 'null'], maxLength: 10_000 });
    expect(unbounded.email.schema()).toEqual({ type: 'string', minLength: 1, maxLength: 10_000, format: 'idn-email' });
    expect(unbounded.url.schema()).toEqual({ type: 'string', minLength: 1, maxLength: 10_000, format: 'uri' });
    expect(fields.text({ secret: true }).schema()).toEqual({ type: 'string', minLength: 1, maxLength: 10_000, writeOnly: true });
  });

  it('bounds a text filter of a list at 300 characters, answering 400 rather than searching', () => {
    expect(filters.text().bind('a'.repeat(300), FORM_BODY)).toHaveLength(300);
    expect(messagesOf(filters.text(), 'a'.repeat(301), FORM_BODY)).toEqual(['Ensure this field has no more than 300 characters.']);
    expect(filters.text().schema()).toEqual({ type: 'string', maxLength: 300 });
  });

  it('documents the bound of the text an answer holds', () => {
    expect(wireSchema.text().json).toEqual({ type: 'string', maxLength: 10_000 });
    expect(wireSchema.text({ min: 1 }).json).toEqual({ type: 'string', maxLength: 10_000, minLength: 1 });
    expect(wireSchema.text({ max: 4 }).json).toEqual({ type: 'string', maxLength: 4 });
    expect(wireSchema.email().json).toEqual({ type: 'string', format: 'email', maxLength: 10_000 });
    expect(wireSchema.uri().json).toEqual({ type: 'string', format: 'uri', maxLength: 10_000 });
    expect(wireSchema.uri(300).json).toEqual({ type: 'string', format: 'uri', maxLength: 300 });
  });
});

describe('choice fields', () => {
  it('accepts the values of the enumeration only', () => {
    expect(fields.choice(STATUSES).bind('active', JSON_BODY)).toBe('active');
    expect(messagesOf(fields.choice(STATUSES), 'Active')).toEqual(['"Active" is not a valid choice.']);
  });

  it('quotes a number as DRF prints it', () => {
    expect(messagesOf(fields.choice(STATUSES), num('3'))).toEqual(['"3" is not a valid choice.']);
    expect(messagesOf(fields.choice(STATUSES), num('1.0'))).toEqual(['"1.0" is not a valid choice.']);
  });

  it("matches numbers and booleans by Python's str()", () => {
    expect(fields.choice(STATUSES).bind(num('1'), JSON_BODY)).toBe('1');
    expect(fields.choice(STATUSES).bind(true, JSON_BODY)).toBe('True');
    expect(messagesOf(fields.choice(new Choices([['a', 'A']] as const)), false)).toEqual(['"False" is not a valid choice.']);
  });

  it('refuses blank unless allowed', () => {
    expect(messagesOf(fields.choice(STATUSES), '')).toEqual(['"" is not a valid choice.']);
    expect(fields.choice(STATUSES, { allowBlank: true }).bind('', JSON_BODY)).toBe('');
  });

  it('can narrow the enumeration', () => {
    const creatable = fields.choice(STATUSES, { allowed: ['active'] });
    expect(creatable.bind('active', JSON_BODY)).toBe('active');
    expect(messagesOf(creatable, '1')).toEqual(['"1" is not a valid choice.']);
  });
});

describe('integer fields', () => {
  it.each([
    ['12', 12],
    ['12.0', 12],
    ['12.', 12],
    [' 12 ', 12],
    ['+12', 12],
    ['-7', -7],
  ])('reads the string %j as %i', (raw, value) => {
    expect(fields.integer().bind(raw, JSON_BODY)).toBe(value);
  });

  it('reads JSON numbers that are whole', () => {
    expect(fields.integer().bind(num('12'), JSON_BODY)).toBe(12);
    expect(fields.integer().bind(num('12.0'), JSON_BODY)).toBe(12);
  });

  it.each([
    ['a fraction', num('12.5')],
    ['a fraction in a string', '12.5'],
    ['letters', 'abc'],
    ['a boolean', true],
    ['an empty string', ''],
    ['a list', [1]],
  ])('refuses %s', (_, raw) => {
    expect(messagesOf(fields.integer(), raw)).toEqual(['A valid integer is required.']);
  });

  it('checks the bounds exactly, even far beyond 2^53', () => {
    const seats = fields.integer({ min: 0, max: 2_147_483_647 });
    expect(seats.bind('2147483647', JSON_BODY)).toBe(2_147_483_647);
    expect(messagesOf(seats, '2147483648')).toEqual(['Ensure this value is less than or equal to 2147483647.']);
    expect(messagesOf(seats, num('99999999999999999999999'))).toEqual(['Ensure this value is less than or equal to 2147483647.']);
    expect(messagesOf(seats, '-1')).toEqual(['Ensure this value is greater than or equal to 0.']);
  });

  it('refuses strings over 1000 characters before parsing them', () => {
    expect(messagesOf(fields.integer(), '1'.repeat(1001))).toEqual(['String value too large.']);
  });
});

describe('decimal fields', () => {
  const amount = fields.decimal(new DecimalLimits(13, 2));

  it('reads strings and JSON numbers exactly, at the field scale', () => {
    expect((amount.bind('12.5', JSON_BODY) as Decimal).toString()).toBe('12.50');
    expect((amount.bind(num('9999999999999.99'), JSON_BODY) as Decimal).toString()).toBe('9999999999999.99');
    expect((amount.bind(num('0.1'), JSON_BODY) as Decimal).toString()).toBe('0.10');
  });

  it('answers the digit messages of DRF', () => {
    expect(messagesOf(amount, '12345678901234.00')).toEqual(['Ensure that there are no more than 15 digits in total.']);
    expect(messagesOf(amount, num('12345678901234'))).toEqual(['Ensure that there are no more than 13 digits before the decimal point.']);
    expect(messagesOf(amount, '1.234')).toEqual(['Ensure that there are no more than 2 decimal places.']);
  });

  it.each(['abc', 'NaN', 'Infinity', '', '1.2.3', true])('refuses %j as not a number', (raw) => {
    expect(messagesOf(amount, raw)).toEqual(['A valid number is required.']);
  });

  it('refuses strings over 1000 characters with their own message', () => {
    expect(messagesOf(amount, '1'.repeat(1001))).toEqual(['String value too large.']);
  });

  it('checks bounds', () => {
    const rate = fields.decimal(new DecimalLimits(3, 2, Decimal.of('0'), Decimal.of('100')));
    expect(messagesOf(rate, '-1')).toEqual(['Ensure this value is greater than or equal to 0.']);
    expect(messagesOf(rate, '100.5')).toEqual(['Ensure this value is less than or equal to 100.']);
  });
});

describe('boolean fields', () => {
  it.each(['t', 'T', 'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON', '1'])('reads %j as true', (raw) => {
    expect(fields.boolean().bind(raw, JSON_BODY)).toBe(true);
  });

  it.each(['f', 'F', 'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF', '0'])('reads %j as false', (raw) => {
    expect(fields.boolean().bind(raw, JSON_BODY)).toBe(false);
  });

  it('reads JSON booleans and the numbers 1 and 0', () => {
    expect(fields.boolean().bind(true, JSON_BODY)).toBe(true);
    expect(fields.boolean().bind(false, JSON_BODY)).toBe(false);
    expect(fields.boolean().bind(num('1'), JSON_BODY)).toBe(true);
    expect(fields.boolean().bind(num('0'), JSON_BODY)).toBe(false);
  });

  it.each(['tRUE', 'oN', 'maybe', '2', '', num('2')])('refuses %j', (raw) => {
    expect(messagesOf(fields.boolean(), raw)).toEqual(['Must be a valid boolean.']);
  });
});

describe('date fields', () => {
  it('reads strict ISO dates', () => {
    expect(fields.date().bind('2024-02-29', JSON_BODY)?.toString()).toBe('2024-02-29');
  });

  it.each(['2025-02-30', '2023-02-29', '2025-1-5', '05/01/2025', 'today'])('refuses %j', (raw) => {
    expect(messagesOf(fields.date(), raw)).toEqual(['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.']);
  });

  it('refuses numbers', () => {
    expect(messagesOf(fields.date(), num('20250105'))).toEqual(['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.']);
  });
});

describe('date-time fields', () => {
  const WRONG = 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].';
  const at = (raw: string) => (fields.dateTime().bind(raw, JSON_BODY) as Date).toISOString();

  it('converts offsets to UTC', () => {
    expect(at('2026-01-31T09:30:00Z')).toBe('2026-01-31T09:30:00.000Z');
    expect(at('2026-01-31T09:30:00+02:00')).toBe('2026-01-31T07:30:00.000Z');
    expect(at('2026-01-31T09:30:00-0530')).toBe('2026-01-31T15:00:00.000Z');
    expect(at('2026-01-31T09:30:00+05')).toBe('2026-01-31T04:30:00.000Z');
    expect(at('2026-01-01T01:00:00+03:00')).toBe('2025-12-31T22:00:00.000Z');
  });

  it('reads a naive date-time as UTC', () => {
    expect(at('2026-01-31T09:30:00')).toBe('2026-01-31T09:30:00.000Z');
    expect(at('2026-01-31 09:30')).toBe('2026-01-31T09:30:00.000Z');
  });

  it('keeps fractions of a second to the millisecond', () => {
    expect(at('2026-01-31T09:30:00.5Z')).toBe('2026-01-31T09:30:00.500Z');
    expect(at('2026-01-31T09:30:00.123456Z')).toBe('2026-01-31T09:30:00.123Z');
  });

  it.each(['2026-02-30T09:00:00Z', '2026-01-31T24:00:00Z', '2026-01-31T09:60Z', '2026-01-31', 'yesterday'])('refuses %j', (raw) => {
    expect(messagesOf(fields.dateTime(), raw)).toEqual([WRONG]);
  });
});

describe("Python's type names in messages", () => {
  it('names JSON values as DRF does', () => {
    expect(parseJsonTypes('["s", 1, 1.5, true, null, [], {}]')).toEqual(['str', 'int', 'float', 'bool', 'NoneType', 'list', 'dict']);
  });

  function parseJsonTypes(text: string): string[] {
    return (parseJson(text) as unknown[]).map(pythonTypeName);
  }
});
