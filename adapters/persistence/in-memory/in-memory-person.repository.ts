import { OrganisationRepository } from '../../../application/organisation/organisation.ports';
import { PersonRepository, ProfileReader, profileOrganisation } from '../../../application/person/person.ports';
import { sameEmail } from '../../../domain/person/email-address';
import { Person, PersonSnapshot } from '../../../domain/person/person';
import { ValidationFailed } from '../../../domain/shared/errors';
import { InMemoryMembershipRepository } from './in-memory-organisation.repository';

export class InMemoryPersonRepository implements PersonRepository {
  private readonly rows = new Map<string, PersonSnapshot>();

  constructor(private readonly memberships: InMemoryMembershipRepository) {}

  async findById(id: string): Promise<Person | null> {
    const row = this.rows.get(id);
    return row ? Person.restore(row) : null;
  }

  async findByIds(ids: string[]): Promise<Person[]> {
    return ids.flatMap((id) => (this.rows.has(id) ? [Person.restore(this.rows.get(id)!)] : []));
  }

  async findByUniqueId(uniqueId: string): Promise<Person | null> {
    const row = [...this.rows.values()].find((p) => p.uniqueId === uniqueId);
    return row ? Person.restore(row) : null;
  }

  async findByEmail(email: string): Promise<Person | null> {
    const row = [...this.rows.values()].find((p) => sameEmail(p.email, email));
    return row ? Person.restore(row) : null;
  }

  async findMemberByUniqueId(organisationId: string, uniqueId: string): Promise<Person | null> {
    const row = [...this.rows.values()].find((p) => p.uniqueId === uniqueId);
    if (!row || !(await this.memberships.find(organisationId, row.id))) return null;
    return Person.restore(row);
  }

  async existsWithUniqueId(uniqueId: string): Promise<boolean> {
    return [...this.rows.values()].some((p) => p.uniqueId === uniqueId);
  }

  async save(person: Person): Promise<void> {
    const row = person.snapshot();
    const clash = [...this.rows.values()].find((p) => p.id !== row.id && sameEmail(p.email, row.email));
    if (clash) throw ValidationFailed.field('email', 'A user with that email already exists.');
    // A snapshot is already a copy; its nested objects are replaced, never mutated, on update.
    this.rows.set(row.id, row);
  }
}

/** The profile as the two repositories give it. */
export class InMemoryProfileReader implements ProfileReader {
  constructor(
    private readonly people: PersonRepository,
    private readonly organisations: OrganisationRepository,
  ) {}

  async read(personId: string): ReturnType<ProfileReader['read']> {
    const person = await this.people.findById(personId);
    return person ? { person, current: profileOrganisation(await this.organisations.firstForPerson(personId)) } : null;
  }
}
