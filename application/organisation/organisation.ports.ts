import { Membership } from '../../domain/organisation/membership';
import { Organisation } from '../../domain/organisation/organisation';

export interface OrganisationRepository {
  findById(id: string): Promise<Organisation | null>;
  findByUniqueId(uniqueId: string): Promise<Organisation | null>;
  /** Every organisation the person belongs to, in the order they joined. */
  listForPerson(personId: string): Promise<Organisation[]>;
  existsWithUniqueId(uniqueId: string): Promise<boolean>;
  save(organisation: Organisation): Promise<void>;
}

export interface MembershipRepository {
  find(organisationId: string, personId: string): Promise<Membership | null>;
  /** The person's memberships, oldest first. */
  listForPerson(personId: string): Promise<Membership[]>;
  countByOrganisation(organisationIds: string[]): Promise<Map<string, number>>;
  add(membership: Membership): Promise<void>;
}

/**
 * Something every new organisation starts with (a chart of accounts, a sales
 * pipeline). Each area binds its own; they run inside the creating transaction.
 */
export interface OrganisationSeeder {
  seed(organisation: Organisation, now: Date): Promise<void>;
}

export const ORGANISATION_TOKENS = {
  OrganisationRepository: Symbol.for('OrganisationRepository'),
  MembershipRepository: Symbol.for('MembershipRepository'),
  OrganisationSeeder: Symbol.for('OrganisationSeeder'),
} as const;
