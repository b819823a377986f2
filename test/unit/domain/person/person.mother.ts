import { Person, RegisterPerson } from '../../../../domain/person/person';

export const REGISTERED_AT = new Date('2026-01-10T09:00:00.000Z');
export const LATER = new Date('2026-02-01T12:30:00.000Z');

/** A freshly registered person, as sign-up creates one. */
export function aPerson(overrides: Partial<RegisterPerson> = {}): Person {
  return Person.register({
    id: 'person-id-1',
    uniqueId: 'ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    now: REGISTERED_AT,
    ...overrides,
  });
}
