import { FoundOrganisation, Organisation } from '../../../../domain/organisation/organisation';

export const OWNER_ID = 'person-owner';
export const FOUNDED_AT = new Date('2026-01-10T09:00:00.000Z');
export const LATER = new Date('2026-02-01T12:30:00.000Z');

/** An organisation founded with nothing but its name. */
export function anOrganisation(overrides: Partial<FoundOrganisation> = {}): Organisation {
  return Organisation.found({
    id: 'org-id-1',
    uniqueId: 'acme',
    name: 'Acme Ltd',
    ownerId: OWNER_ID,
    now: FOUNDED_AT,
    ...overrides,
  });
}
