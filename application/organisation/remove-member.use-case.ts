import { inject, injectable } from 'inversify';
import { API_KEY_TOKENS, ApiKeyRepository } from '../api-key/api-key.ports';
import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { memberViewOf } from './list-members.use-case';
import { OrganisationAccess } from './organisation-access';
import { InvitationRepository, MembershipRepository, ORGANISATION_TOKENS } from './organisation.ports';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';

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
    @inject(ORGANISATION_TOKENS.InvitationRepository) private readonly invitations: InvitationRepository,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
    @inject(API_KEY_TOKENS.ApiKeyRepository) private readonly apiKeys: ApiKeyRepository,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, personUniqueId: string): Promise<void> {
    await this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'members.remove');
      const person = await this.people.findMemberByUniqueId(organisation.id, personUniqueId);
      if (!person) throw new NotFound();
      if (person.id === organisation.ownerId) {
        throw ValidationFailed.field('non_field_errors', 'The owner cannot be removed from the organisation.');
      }
      const membership = await this.memberships.find(organisation.id, person.id);
      await this.memberships.remove(organisation.id, person.id);
      if (membership) {
        const view = memberViewOf(person, membership);
        await this.events.publish({ organisation, type: 'member.removed', recordId: person.id, subject: { model: 'member', view } });
      }
      // Their API keys end, and their unused invitations to this organisation go: nothing may bring them back.
      const now = this.clock.now();
      await this.apiKeys.revokeAllOf(organisation.id, person.id, now);
      for (const invitation of await this.invitations.listForOrganisation(organisation.id)) {
        if (invitation.isFor(person.email) && invitation.statusAt(now) !== 'accepted') await this.invitations.delete(invitation);
      }
    });
  }
}
