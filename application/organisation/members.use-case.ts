import { inject, injectable } from 'inversify';
import { Role } from '../../domain/organisation/membership';
import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { OrganisationAccess } from './organisation-access';
import { MembershipRepository, ORGANISATION_TOKENS } from './organisation.ports';

export interface MemberView {
  uniqueId: string;
  fullName: string;
  email: string;
  role: Role;
  dateJoined: Date;
}

/** Any member sees who else belongs to the organisation. */
@injectable()
export class ListMembers {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ORGANISATION_TOKENS.MembershipRepository) private readonly memberships: MembershipRepository,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string): Promise<MemberView[]> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'members.list');
    const memberships = await this.memberships.listForOrganisation(organisation.id);
    const people = new Map((await this.people.findByIds(memberships.map((m) => m.personId))).map((p) => [p.id, p]));
    return memberships.flatMap((membership) => {
      const person = people.get(membership.personId);
      if (!person) return [];
      return [{ uniqueId: person.uniqueId, fullName: person.fullName, email: person.email, role: membership.role, dateJoined: membership.dateJoined }];
    });
  }
}

/** The owner removes a member; the owner cannot remove themself (an organisation keeps its owner). */
@injectable()
export class RemoveMember {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ORGANISATION_TOKENS.MembershipRepository) private readonly memberships: MembershipRepository,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, personUniqueId: string): Promise<void> {
    await this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'members.remove');
      const person = await this.people.findMemberByUniqueId(organisation.id, personUniqueId);
      if (!person) throw new NotFound();
      if (person.id === organisation.ownerId) {
        throw ValidationFailed.field('non_field_errors', 'The owner cannot be removed from the organisation.');
      }
      await this.memberships.remove(organisation.id, person.id);
    });
  }
}
