import { inject, injectable } from 'inversify';
import { Membership, Role } from '../../domain/organisation/membership';
import { Person } from '../../domain/person/person';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { Actor } from '../shared/actor';
import { Page, PageRequest, slicePage } from '../shared/page';
import { OrganisationAccess } from './organisation-access';
import { MembershipRepository, ORGANISATION_TOKENS } from './organisation.ports';

export interface MemberView {
  uniqueId: string;
  fullName: string;
  email: string;
  role: Role;
  dateJoined: Date;
}

/** One page of the organisation's members, oldest first: any member sees who else belongs to it. */
@injectable()
export class ListMembers {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ORGANISATION_TOKENS.MembershipRepository) private readonly memberships: MembershipRepository,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, request: PageRequest): Promise<Page<MemberView>> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'members.list');
    // An organisation has few members: read whole, then paged.
    const memberships = await this.memberships.listForOrganisation(organisation.id);
    const people = new Map((await this.people.findByIds(memberships.map((m) => m.personId))).map((p) => [p.id, p]));
    const members = memberships.flatMap((membership) => {
      const person = people.get(membership.personId);
      if (!person) return [];
      return [memberViewOf(person, membership)];
    });
    return slicePage(members, request);
  }
}

export function memberViewOf(person: Person, membership: Membership): MemberView {
  return { uniqueId: person.uniqueId, fullName: person.fullName, email: person.email, role: membership.role, dateJoined: membership.dateJoined };
}
