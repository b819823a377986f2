import { Role } from '../../domain/organisation/membership';
import { Person } from '../../domain/person/person';
import { CurrentOrganisation } from '../organisation/organisation.ports';

export interface PersonRepository {
  /** `forUpdate` locks the row until the current transaction ends (writers use it: a save writes every column). */
  findById(id: string, options?: { forUpdate?: boolean }): Promise<Person | null>;
  findByIds(ids: string[]): Promise<Person[]>;
  findByUniqueId(uniqueId: string): Promise<Person | null>;
  /** Case-insensitive. */
  findByEmail(email: string): Promise<Person | null>;
  /** Within one organisation: the member with this unique_id. */
  findMemberByUniqueId(organisationId: string, uniqueId: string): Promise<Person | null>;
  existsWithUniqueId(uniqueId: string): Promise<boolean>;
  save(person: Person): Promise<void>;
}

/** What a profile shows of the person's current organisation (the one joined first among those they still belong to). */
export interface ProfileOrganisation {
  uniqueId: string;
  name: string;
  role: Role;
}

/** The profile's part of a current organisation; null for none. */
export function profileOrganisation(current: CurrentOrganisation | null): ProfileOrganisation | null {
  return current && { uniqueId: current.organisation.uniqueId, name: current.organisation.name, role: current.role };
}

/**
 * What `GET /me/` shows, read at once: the person, and what the profile shows
 * of their current organisation (null when they belong to none), not the
 * whole organisation (its row is as wide as the person's).
 */
export interface ProfileReader {
  read(personId: string): Promise<Profile | null>;
}

export interface Profile {
  person: Person;
  current: ProfileOrganisation | null;
}

export const PERSON_TOKENS = {
  PersonRepository: Symbol.for('PersonRepository'),
  ProfileReader: Symbol.for('ProfileReader'),
} as const;
