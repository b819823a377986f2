import { inject, injectable } from 'inversify';
import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { Actor } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { MemberDeparture } from './member-departure';
import { OrganisationAccess } from './organisation-access';
import { MembershipRepository, ORGANISATION_TOKENS } from './organisation.ports';

/**
 * The owner removes a member, and with them their API keys of the
 * organisation and their pending invitations to it; the owner cannot remove themself (an organisation keeps its owner).
 */
@injectable()
export class RemoveMember {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ORGANISATION_TOKENS.MembershipRepository) private readonly memberships: MembershipRepository,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(MemberDeparture) private readonly departure: MemberDeparture,
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
      await this.departure.end(organisation, person, await this.memberships.find(organisation.id, person.id));
    });
  }
}
