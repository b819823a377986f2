import { inject, injectable } from 'inversify';
import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { OrganisationAccess } from './organisation-access';
import { InvitationRepository, MembershipRepository, ORGANISATION_TOKENS } from './organisation.ports';

/**
 * The owner removes a member, and with them their pending invitations to the
 * organisation; the owner cannot remove themself (an organisation keeps its owner).
 */
@injectable()
export class RemoveMember {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ORGANISATION_TOKENS.MembershipRepository) private readonly memberships: MembershipRepository,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(ORGANISATION_TOKENS.InvitationRepository) private readonly invitations: InvitationRepository,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
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
      // Their unused invitations to this organisation go too: no link may bring them back.
      const now = this.clock.now();
      for (const invitation of await this.invitations.listForOrganisation(organisation.id)) {
        if (invitation.isFor(person.email) && invitation.statusAt(now) !== 'accepted') await this.invitations.delete(invitation);
      }
    });
  }
}
