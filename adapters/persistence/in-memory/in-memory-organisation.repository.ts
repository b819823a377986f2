import { CurrentOrganisation, MemberOrganisation, MembershipRepository, OrganisationRepository } from '../../../application/organisation/organisation.ports';
import { PersonRepository } from '../../../application/person/person.ports';
import { Membership, Role } from '../../../domain/organisation/membership';
import { Organisation, OrganisationSnapshot } from '../../../domain/organisation/organisation';
import { ValidationFailed } from '../../../domain/shared/errors';
import { compare } from './in-memory-records';

export class InMemoryMembershipRepository implements MembershipRepository {
  private rows: Membership[] = [];

  async find(organisationId: string, personId: string): Promise<Membership | null> {
    const row = this.rows.find((m) => m.organisationId === organisationId && m.personId === personId);
    return row ? { ...row } : null;
  }

  async listForPerson(personId: string): Promise<Membership[]> {
    return this.rows
      .filter((m) => m.personId === personId)
      // Ties go by id, as the databases' `ORDER BY date_joined, organisation_id` has them.
      .sort((a, b) => a.dateJoined.getTime() - b.dateJoined.getTime() || compare(a.organisationId, b.organisationId))
      .map((m) => ({ ...m }));
  }

  async countByOrganisation(organisationIds: string[]): Promise<Map<string, number>> {
    return new Map(organisationIds.map((id) => [id, this.rows.filter((m) => m.organisationId === id).length]));
  }

  async listForOrganisation(organisationId: string): Promise<Membership[]> {
    return this.rows
      .filter((m) => m.organisationId === organisationId)
      .sort((a, b) => a.dateJoined.getTime() - b.dateJoined.getTime() || compare(a.personId, b.personId))
      .map((m) => ({ ...m }));
  }

  async remove(organisationId: string, personId: string): Promise<void> {
    const index = this.rows.findIndex((m) => m.organisationId === organisationId && m.personId === personId);
    if (index >= 0) this.rows.splice(index, 1);
  }

  async changeRole(organisationId: string, personId: string, role: Role): Promise<void> {
    const row = this.rows.find((m) => m.organisationId === organisationId && m.personId === personId);
    if (!row) return;
    if (role === 'owner' && this.rows.some((m) => m.organisationId === organisationId && m.role === 'owner')) throw new Error('An organisation has one owner.');
    row.role = role;
  }

  async add(membership: Membership): Promise<void> {
    if (await this.find(membership.organisationId, membership.personId)) throw new Error('Already a member.');
    this.rows.push({ ...membership });
  }
}

export class InMemoryOrganisationRepository implements OrganisationRepository {
  private readonly rows = new Map<string, OrganisationSnapshot>();

  /** `people`: where a member's name is read from, as the databases join it; without it the member is left unsaid. */
  constructor(
    private readonly memberships: InMemoryMembershipRepository,
    private readonly people?: Pick<PersonRepository, 'findById'>,
  ) {}

  async findById(id: string): Promise<Organisation | null> {
    const row = this.rows.get(id);
    return row ? Organisation.restore(row) : null;
  }

  async findByUniqueId(uniqueId: string): Promise<Organisation | null> {
    const row = [...this.rows.values()].find((o) => o.uniqueId === uniqueId);
    return row ? Organisation.restore(row) : null;
  }

  async listForPerson(personId: string): Promise<Organisation[]> {
    const memberships = await this.memberships.listForPerson(personId);
    return memberships.flatMap((m) => (this.rows.has(m.organisationId) ? [Organisation.restore(this.rows.get(m.organisationId)!)] : []));
  }

  /** Endpoints live in another repository here: whether the organisation has any is left unsaid. */
  async findForMember(uniqueId: string, personId: string): Promise<MemberOrganisation | null> {
    const organisation = await this.findByUniqueId(uniqueId);
    if (!organisation) return null;
    const membership = await this.memberships.find(organisation.id, personId);
    const person = membership && this.people ? await this.people.findById(personId) : null;
    return person ? { organisation, membership, member: { id: person.id, uniqueId: person.uniqueId, fullName: person.fullName } } : { organisation, membership };
  }

  async firstForPerson(personId: string): Promise<CurrentOrganisation | null> {
    const first = (await this.memberships.listForPerson(personId)).find((m) => this.rows.get(m.organisationId)?.closingAt === null);
    return first ? { organisation: Organisation.restore(this.rows.get(first.organisationId)!), role: first.role } : null;
  }

  async existsWithUniqueId(uniqueId: string): Promise<boolean> {
    return [...this.rows.values()].some((o) => o.uniqueId === uniqueId);
  }

  async save(organisation: Organisation): Promise<void> {
    const row = organisation.snapshot();
    if ([...this.rows.values()].some((o) => o.id !== row.id && o.uniqueId === row.uniqueId)) {
      throw ValidationFailed.field('unique_id', 'organisation with this unique id already exists.');
    }
    this.rows.set(row.id, row);
  }
}
