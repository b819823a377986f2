import 'reflect-metadata';
import { parseJson } from '../../../adapters/http/body/lossless-json';
import { expandDottedNames } from '../../../adapters/http/body/read-body';
import { PROFILE_INPUT as ProfileInput } from '../../../adapters/http/person/profile.presenter';
import { BindContext, fields } from '../../../adapters/http/validation/fields';
import { bindInput, Input, nested } from '../../../adapters/http/validation/input';
import { Choices } from '../../../domain/shared/choices';
import { Decimal, DecimalLimits } from '../../../domain/shared/decimal';
import { ValidationFailed } from '../../../domain/shared/errors';

const CREATE: BindContext = { partial: false, form: false };
const PATCH: BindContext = { partial: true, form: false };
const FORM: BindContext = { partial: true, form: true };

class PlaceInput {
  @Input('city', fields.text({ max: 10, nullable: true })) city?: string | null;
  @Input('postal_code', fields.text({ max: 5, nullable: true })) postalCode?: string | null;
}

const KINDS = new Choices([
  ['supplier', 'Supplier'],
  ['partner', 'Partner'],
] as const);

class ThingInput {
  @Input('name', fields.text({ max: 20, required: true })) name?: string;
  @Input('kind', fields.choice(KINDS)) kind?: string;
  @Input('amount', fields.decimal(new DecimalLimits(5, 2))) amount?: Decimal;
  @Input('count', fields.integer({ nullable: true })) count?: number | null;
  @Input('active', fields.boolean()) active?: boolean;
  @Input('place', nested(PlaceInput, { nullable: true })) place?: PlaceInput | null;
  @Input('date_created', fields.dateTime({ nullable: true }), { discard: true }) dateCreated?: Date | null;
}

/** The DRF error body `raw` produces; fails the test when it binds. */
function errorsOf(raw: unknown, context: BindContext = CREATE, dto: new () => object = ThingInput): unknown {
  try {
    bindInput(dto, raw, context);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailed);
    return (error as ValidationFailed).errors;
  }
  throw new Error('expected a ValidationFailed');
}

describe('binding a JSON body', () => {
  it('converts every declared field to its type', () => {
    const thing = bindInput(ThingInput, parseJson('{"name": " Widget ", "kind": "partner", "amount": 12.5, "count": "3", "active": "yes"}'), CREATE);

    expect(thing).toBeInstanceOf(ThingInput);
    expect(thing.name).toBe('Widget');
    expect(thing.kind).toBe('partner');
    expect(thing.amount?.toString()).toBe('12.50');
    expect(thing.count).toBe(3);
    expect(thing.active).toBe(true);
  });

  it('leaves fields that were not sent undefined, so that updates keep their values', () => {
    const thing = bindInput(ThingInput, { name: 'Widget' }, CREATE);
    expect(Object.keys(thing)).toEqual(['name']);
  });

  it('ignores unknown fields', () => {
    const thing = bindInput(ThingInput, { name: 'Widget', colour: 'red', is_admin: true }, CREATE) as unknown as Record<string, unknown>;
    expect(thing.colour).toBeUndefined();
    expect(thing.is_admin).toBeUndefined();
    expect(Object.keys(thing)).toEqual(['name']);
  });

  it('requires required fields unless the update is partial', () => {
    expect(errorsOf({})).toEqual({ name: ['This field is required.'] });
    expect(bindInput(ThingInput, { kind: 'supplier' }, PATCH).kind).toBe('supplier');
  });

  it('collects the errors of every field, in declaration order', () => {
    const errors = errorsOf(parseJson('{"active": "perhaps", "amount": "abc", "kind": 3, "name": null}'));
    expect(errors).toEqual({
      name: ['This field may not be null.'],
      kind: ['"3" is not a valid choice.'],
      amount: ['A valid number is required.'],
      active: ['Must be a valid boolean.'],
    });
    expect(Object.keys(errors as object)).toEqual(['name', 'kind', 'amount', 'active']);
  });

  it('validates discarded (server-managed) fields but drops their values', () => {
    const thing = bindInput(ThingInput, { name: 'Widget', date_created: '2020-01-01T00:00:00Z' }, CREATE);
    expect(thing.dateCreated).toBeUndefined();
    expect(errorsOf({ name: 'Widget', date_created: 'long ago' })).toEqual({
      date_created: ['Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].'],
    });
  });

  it('does not read inherited properties of the body as input: such a body is not a JSON object at all', () => {
    const raw = Object.create({ name: 'from the prototype' }) as Record<string, unknown>;
    expect(errorsOf(raw)).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got dict.'] });
  });
});

describe('a body that is not an object', () => {
  it.each([
    ['"a string"', 'str'],
    ['[1, 2]', 'list'],
    ['true', 'bool'],
    ['null', 'NoneType'],
  ])('%s gives a non-field error naming %s', (text, type) => {
    expect(errorsOf(parseJson(text))).toEqual({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${type}.`] });
  });
});

describe('nested objects', () => {
  it('bind partially: only the fields sent are set', () => {
    const thing = bindInput(ThingInput, { name: 'Widget', place: { city: 'Nairobi' } }, CREATE);
    expect(thing.place).toBeInstanceOf(PlaceInput);
    expect(Object.entries(thing.place!)).toEqual([['city', 'Nairobi']]);
  });

  it('may be cleared with null', () => {
    expect(bindInput(ThingInput, { name: 'Widget', place: null }, CREATE).place).toBeNull();
  });

  it('report a string or a list as a non-field error of the nested field', () => {
    expect(errorsOf({ name: 'Widget', place: 'Nairobi' })).toEqual({
      place: { non_field_errors: ['Invalid data. Expected a dictionary, but got str.'] },
    });
    expect(errorsOf({ name: 'Widget', place: ['Nairobi'] })).toEqual({
      place: { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] },
    });
  });

  it('report their own field errors inside the nested field, next to the others', () => {
    expect(errorsOf({ name: 'x'.repeat(21), place: { city: 'x'.repeat(11), postal_code: '123456' } })).toEqual({
      name: ['Ensure this field has no more than 20 characters.'],
      place: {
        city: ['Ensure this field has no more than 10 characters.'],
        postal_code: ['Ensure this field has no more than 5 characters.'],
      },
    });
  });
});

describe('form bodies', () => {
  it("expand dotted names into nested objects and read '' as null where the field is nullable", () => {
    const raw = expandDottedNames([...new URLSearchParams('name=Widget&count=&place.city=Nairobi&place.postal_code=')]);
    const thing = bindInput(ThingInput, raw, FORM);

    expect(thing.count).toBeNull();
    expect(thing.place?.city).toBe('Nairobi');
    expect(thing.place?.postalCode).toBe('');
  });
});

describe('the profile input of /me/', () => {
  it('validates is_owner and the server dates, then ignores them', () => {
    const profile = bindInput(
      ProfileInput,
      { is_owner: true, job_title: 'CTO', last_login: '2020-01-01T00:00:00Z', date_created: null },
      PATCH,
    ) as unknown as Record<string, unknown>;
    expect(profile).toEqual(expect.objectContaining({ jobTitle: 'CTO' }));
    expect(Object.keys(profile)).toEqual(['jobTitle']);
  });

  it('still refuses a malformed is_owner', () => {
    expect(errorsOf({ is_owner: 'definitely' }, PATCH, ProfileInput)).toEqual({ is_owner: ['Must be a valid boolean.'] });
  });
});

describe('expandDottedNames', () => {
  it('nests dotted names, keeps plain ones and lets the last value of a name win', () => {
    expect(
      expandDottedNames([
        ['name', 'Acme'],
        ['address.city', 'Nairobi'],
        ['address.postal_code', '00100'],
        ['banking_information.bank_name', 'Equity'],
        ['name', 'Acme Ltd'],
      ]),
    ).toEqual({
      name: 'Acme Ltd',
      address: { city: 'Nairobi', postal_code: '00100' },
      banking_information: { bank_name: 'Equity' },
    });
  });

  it('leaves out a name nested deeper than any field, however deep', () => {
    const deep = `${'a.'.repeat(100_000)}b`;
    expect(expandDottedNames([[deep, 'x'], ['a.b.c.d.e.f.g.h.i', 'too deep'], ['a.b.c.d.e.f.g.h', 'kept'], ['name', 'Acme']])).toEqual({
      a: { b: { c: { d: { e: { f: { g: { h: 'kept' } } } } } } },
      name: 'Acme',
    });
  });

  it('lets a nested name replace a plain value of the same name', () => {
    expect(expandDottedNames([['address', 'Nairobi'], ['address.city', 'Mombasa']])).toEqual({ address: { city: 'Mombasa' } });
  });

  it.each([
    '__proto__.polluted',
    'constructor.prototype.polluted',
    'address.__proto__.polluted',
    'prototype.polluted',
    '__proto__',
  ])('skips %j and pollutes no prototype', (name) => {
    const body = expandDottedNames([[name, 'yes'], ['name', 'Acme']]);

    expect(body).toEqual({ name: 'Acme' });
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });
});
