import {
  CONTACT_GROUP_NAME_MAX_LENGTH,
  ContactGroup,
  CreateContactGroup,
} from '../../../../domain/contact/contact-group';
import { InUse, ValidationFailed } from '../../../../domain/shared/errors';

const CREATED = new Date('2026-01-10T08:00:00.000Z');
const LATER = new Date('2026-01-11T09:30:00.000Z');

function aGroup(overrides: Partial<CreateContactGroup> = {}): ContactGroup {
  return ContactGroup.create({
    id: 'group-1',
    uniqueId: 'suppliers',
    organisationId: 'org-1',
    name: 'Suppliers',
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

describe('ContactGroup.create', () => {
  it('creates a group with the given name, no description nor translations, and both dates set to now', () => {
    expect(aGroup().snapshot()).toEqual({
      id: 'group-1',
      uniqueId: 'suppliers',
      organisationId: 'org-1',
      name: 'Suppliers',
      description: null,
      translations: null,
      dateCreated: CREATED,
      lastUpdated: CREATED,
    });
  });

  it('trims the name', () => {
    expect(aGroup({ name: '  Suppliers  ' }).name).toBe('Suppliers');
  });

  it.each(['', '   '])('refuses a blank name (%j)', (name) => {
    expect(errorsOf(() => aGroup({ name }))).toEqual({ name: ['This field may not be blank.'] });
  });

  it('refuses a missing name', () => {
    expect(errorsOf(() => aGroup({ name: undefined as unknown as string }))).toEqual({
      name: ['This field is required.'],
    });
  });

  it('accepts a name of exactly the maximum length and refuses one character more', () => {
    expect(aGroup({ name: 'a'.repeat(CONTACT_GROUP_NAME_MAX_LENGTH) }).name).toHaveLength(200);
    expect(errorsOf(() => aGroup({ name: 'a'.repeat(CONTACT_GROUP_NAME_MAX_LENGTH + 1) }))).toEqual({
      name: ['Ensure this field has no more than 200 characters.'],
    });
  });

  it('refuses a malformed unique_id', () => {
    expect(errorsOf(() => aGroup({ uniqueId: 'has space' }))).toHaveProperty('unique_id');
  });

  it('keeps translations verbatim, as an opaque text', () => {
    const translations = '{ "fr": "Fournisseurs",  "de": "Lieferanten" }';
    expect(aGroup({ translations }).snapshot().translations).toBe(translations);
  });
});

describe('ContactGroup.update', () => {
  it('changes what is supplied, keeps what is left out, and moves last_updated only', () => {
    const group = aGroup({ description: 'People we buy from', translations: '{"fr":"Fournisseurs"}' });

    group.update({ name: 'Key suppliers' }, LATER);

    expect(group.snapshot()).toMatchObject({
      name: 'Key suppliers',
      description: 'People we buy from',
      translations: '{"fr":"Fournisseurs"}',
      dateCreated: CREATED,
      lastUpdated: LATER,
    });
  });

  it('clears a description or translations sent as null', () => {
    const group = aGroup({ description: 'People we buy from', translations: '{}' });

    group.update({ description: null, translations: null }, LATER);

    expect(group.snapshot()).toMatchObject({ description: null, translations: null });
  });

  it('refuses a blank name and leaves the group as it was', () => {
    const group = aGroup();

    expect(errorsOf(() => group.update({ name: ' ', description: 'changed' }, LATER))).toEqual({
      name: ['This field may not be blank.'],
    });
    expect(group.snapshot()).toMatchObject({ name: 'Suppliers', description: null, lastUpdated: CREATED });
  });

  it('accepts the same unique_id and refuses a different one', () => {
    const group = aGroup();

    group.update({ uniqueId: 'suppliers', name: 'Vendors' }, LATER);
    expect(group.name).toBe('Vendors');

    expect(errorsOf(() => group.update({ uniqueId: 'other' }, LATER))).toEqual({
      unique_id: ['This field cannot be changed.'],
    });
    expect(group.uniqueId).toBe('suppliers');
  });
});

describe('ContactGroup.assertDeletable', () => {
  it('allows deleting an empty group', () => {
    expect(() => aGroup().assertDeletable(0)).not.toThrow();
  });

  it('refuses to delete a group that still holds contacts', () => {
    const attempt = () => aGroup().assertDeletable(1);

    expect(attempt).toThrow(InUse);
    expect(attempt).toThrow('This contact group still holds contacts; delete them first.');
  });
});

describe('ContactGroup.snapshot', () => {
  it('is a copy that cannot change the group', () => {
    const group = aGroup();
    const snapshot = group.snapshot();

    snapshot.name = 'Tampered';

    expect(group.name).toBe('Suppliers');
  });
});
