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

/** What `GET /me/` shows, read at once: the person, and their current organisation (null when they belong to none). */
export interface ProfileReader {
  read(personId: string): Promise<{ person: Person; current: CurrentOrganisation | null } | null>;
}

export const PERSON_TOKENS = {
  PersonRepository: Symbol.for('PersonRepository'),
  ProfileReader: Symbol.for('ProfileReader'),
} as const;
