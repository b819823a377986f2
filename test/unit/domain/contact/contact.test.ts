import {
  CONTACT_ENTITY_TYPES,
  CONTACT_LIMITS,
  Contact,
  ContactEntityType,
  CreateContact,
} from '../../../../domain/contact/contact';
import { ContactGroup } from '../../../../domain/contact/contact-group';
import { ValidationFailed } from '../../../../domain/shared/errors';

const CREATED = new Date('2026-01-10T08:00:00.000Z');
const LATER = new Date('2026-01-11T09:30:00.000Z');

const group = ContactGroup.create({
  id: 'group-1',
  uniqueId: 'suppliers',
  organisationId: 'org-1',
  name: 'Suppliers',
  now: CREATED,
});

function aContact(overrides: Partial<CreateContact> = {}): Contact {
  return Contact.create({
    id: 'contact-1',
    uniqueId: 'ada',
    group,
    createdById: 'person-1',
    firstName: 'Ada',
    now: CREATED,
    ...overrides,
  });
}

function errorsOf(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    if (error instanceof ValidationFailed) return error.errors;
    throw error;
  }
  throw new Error('expected a ValidationFailed');
}

describe('Contact.create', () => {
  it('fills the defaults: a client, active, not primary, the optional fields empty', () => {
    expect(aContact().snapshot()).toEqual({
      id: 'contact-1',
      uniqueId: 'ada',
      organisationId: 'org-1',
      groupId: 'group-1',
      entityType: 'client',
      entityId: null,
      firstName: 'Ada',
      lastName: null,
      email: null,
      phone: null,
      mobile: null,
      socialUrl: null,
      isActive: true,
      primaryContact: false,
      translations: null,
      createdById: 'person-1',
      dateCreated: CREATED,
      lastUpdated: CREATED,
    });
  });

  it('keeps what the client supplied over the defaults', () => {
    const contact = aContact({
      entityType: 'vendor',
      entityId: 'vendor-42',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      mobile: '+44 7700 900000',
      socialUrl: 'https://example.com/ada',
      isActive: false,
      primaryContact: true,
      translations: '{"fr":"Ada"}',
    });

    expect(contact.snapshot()).toMatchObject({
      entityType: 'vendor',
      entityId: 'vendor-42',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      isActive: false,
      primaryContact: true,
      translations: '{"fr":"Ada"}',
    });
  });

  it('does not let an explicit undefined erase a default', () => {
    expect(aContact({ isActive: undefined, entityType: undefined }).snapshot()).toMatchObject({
      isActive: true,
      entityType: 'client',
    });
  });

  it.each(['', '   '])('refuses a blank first name (%j)', (firstName) => {
    expect(errorsOf(() => aContact({ firstName }))).toEqual({ first_name: ['This field may not be blank.'] });
  });

  it('refuses a missing first name', () => {
    expect(errorsOf(() => aContact({ firstName: undefined as unknown as string }))).toEqual({
      first_name: ['This field is required.'],
    });
  });

  it('accepts a first name of 150 characters, counting characters rather than UTF-16 units, and refuses 151', () => {
    expect(() => aContact({ firstName: '😀'.repeat(CONTACT_LIMITS.firstName) })).not.toThrow();
    expect(errorsOf(() => aContact({ firstName: 'a'.repeat(151) }))).toEqual({
      first_name: ['Ensure this field has no more than 150 characters.'],
    });
  });

  it('reports every field over its limit at once, by wire name', () => {
    const errors = errorsOf(() =>
      aContact({
        lastName: 'a'.repeat(151),
        entityId: 'a'.repeat(101),
        phone: '1'.repeat(51),
        mobile: '1'.repeat(51),
        socialUrl: `https://example.com/${'a'.repeat(300)}`,
        email: `${'a'.repeat(250)}@example.com`,
      }),
    );

    expect(errors).toEqual({
      last_name: ['Ensure this field has no more than 150 characters.'],
      entity_id: ['Ensure this field has no more than 100 characters.'],
      phone: ['Ensure this field has no more than 50 characters.'],
      mobile: ['Ensure this field has no more than 50 characters.'],
      social_url: ['Ensure this field has no more than 300 characters.'],
      email: ['Ensure this field has no more than 254 characters.'],
    });
  });

  it('accepts every optional field at exactly its limit', () => {
    expect(() =>
      aContact({
        lastName: 'a'.repeat(CONTACT_LIMITS.lastName),
        entityId: 'a'.repeat(CONTACT_LIMITS.entityId),
        phone: '1'.repeat(CONTACT_LIMITS.phone),
        mobile: '1'.repeat(CONTACT_LIMITS.mobile),
      }),
    ).not.toThrow();
  });

  it('refuses an entity type outside the choices', () => {
    expect(errorsOf(() => aContact({ entityType: 'customer' as ContactEntityType }))).toEqual({
      entity_type: ['"customer" is not a valid choice.'],
    });
  });

  it('refuses a malformed unique_id', () => {
    expect(errorsOf(() => aContact({ uniqueId: 'not/valid' }))).toHaveProperty('unique_id');
  });
});

describe('Contact.fullName', () => {
  it('joins first and last name with a space', () => {
    expect(aContact({ firstName: 'Ada', lastName: 'Lovelace' }).fullName).toBe('Ada Lovelace');
  });

  it.each([null, '', '   '])('is just the first name, without a trailing space, when the last name is %j', (lastName) => {
    expect(aContact({ firstName: 'Ada', lastName }).fullName).toBe('Ada');
  });

  it('uses the trimmed names', () => {
    expect(aContact({ firstName: ' Ada ', lastName: ' Lovelace ' }).fullName).toBe('Ada Lovelace');
  });
});

describe('Contact.slotEntityId', () => {
  it('is the entity id the primary slot is keyed by', () => {
    expect(aContact({ entityId: 'client-7' }).slotEntityId).toBe('client-7');
  });

  it.each([null, '', '   '])('is null when the entity id is %j: blank counts as none', (entityId) => {
    expect(aContact({ entityId }).slotEntityId).toBeNull();
  });
});

describe('CONTACT_ENTITY_TYPES', () => {
  it('offers the six entity types with their display labels', () => {
    expect(CONTACT_ENTITY_TYPES.values.map((value) => [value, CONTACT_ENTITY_TYPES.label(value)])).toEqual([
      ['client', 'Client'],
      ['vendor', 'Vendor'],
      ['lead', 'Lead'],
      ['employee', 'Employee'],
      ['partner', 'Partner'],
      ['other', 'Other'],
    ]);
  });

  it("gives a contact its entity type's label", () => {
    expect(aContact({ entityType: 'partner' }).entityTypeLabel).toBe('Partner');
  });
});

describe('Contact.update', () => {
  it('changes what is supplied, keeps what is left out, and moves last_updated only', () => {
    const contact = aContact({ lastName: 'Lovelace', email: 'ada@example.com' });

    contact.update({ firstName: 'Augusta', phone: '123' }, LATER);

    expect(contact.snapshot()).toMatchObject({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '123',
      dateCreated: CREATED,
      lastUpdated: LATER,
    });
    expect(contact.fullName).toBe('Augusta Lovelace');
  });

  it('clears an optional field sent as null', () => {
    const contact = aContact({ lastName: 'Lovelace', entityId: 'client-7' });

    contact.update({ lastName: null, entityId: null }, LATER);

    expect(contact.snapshot()).toMatchObject({ lastName: null, entityId: null });
    expect(contact.fullName).toBe('Ada');
  });

  it('refuses a null or blank first name and leaves the contact as it was', () => {
    const contact = aContact();

    expect(errorsOf(() => contact.update({ firstName: null as unknown as string }, LATER))).toEqual({
      first_name: ['This field may not be null.'],
    });
    expect(errorsOf(() => contact.update({ firstName: '', phone: '123' }, LATER))).toEqual({
      first_name: ['This field may not be blank.'],
    });
    expect(contact.snapshot()).toMatchObject({ firstName: 'Ada', phone: null, lastUpdated: CREATED });
  });

  it('refuses an entity type outside the choices', () => {
    expect(errorsOf(() => aContact().update({ entityType: 'supplier' as ContactEntityType }, LATER))).toEqual({
      entity_type: ['"supplier" is not a valid choice.'],
    });
  });

  it('accepts the same unique_id and refuses a different one', () => {
    const contact = aContact();

    contact.update({ uniqueId: 'ada', firstName: 'Augusta' }, LATER);
    expect(contact.snapshot().firstName).toBe('Augusta');

    expect(errorsOf(() => contact.update({ uniqueId: 'augusta' }, LATER))).toEqual({
      unique_id: ['This field cannot be changed.'],
    });
    expect(contact.uniqueId).toBe('ada');
  });

  it('keeps the group, organisation and creator', () => {
    const contact = aContact();

    contact.update({ firstName: 'Augusta' }, LATER);

    expect(contact.snapshot()).toMatchObject({ groupId: 'group-1', organisationId: 'org-1', createdById: 'person-1' });
  });
});

describe('Contact.demoteFromPrimary', () => {
  it('unsets primary and moves last_updated', () => {
    const contact = aContact({ primaryContact: true });

    contact.demoteFromPrimary(LATER);

    expect(contact.snapshot()).toMatchObject({ primaryContact: false, lastUpdated: LATER });
  });

  it('leaves a contact that is not primary untouched', () => {
    const contact = aContact();

    contact.demoteFromPrimary(LATER);

    expect(contact.snapshot()).toMatchObject({ primaryContact: false, lastUpdated: CREATED });
  });
});
