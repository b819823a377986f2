import { inject, injectable } from 'inversify';
import { Membership } from '../../domain/organisation/membership';
import { Organisation } from '../../domain/organisation/organisation';
import { Person } from '../../domain/person/person';
import { API_KEY_TOKENS, ApiKeyRepository } from '../api-key/api-key.ports';
import { Clock, SHARED_TOKENS } from '../shared/ports';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';
import { memberViewOf } from './list-members.use-case';
import { InvitationRepository, MembershipRepository, ORGANISATION_TOKENS } from './organisation.ports';

/**
 * A member's place in an organisation ends, removed by its owner or leaving
 * on their own, in the caller's transaction: the membership goes (`member.removed`),
 * their API keys of the organisation are revoked and their unused invitations
 * to it deleted, so that nothing may bring them back.
 */
@injectable()
export class MemberDeparture {
  constructor(
    @inject(ORGANISATION_TOKENS.MembershipRepository) private readonly memberships: MembershipRepository,
    @inject(ORGANISATION_TOKENS.InvitationRepository) private readonly invitations: InvitationRepository,
    @inject(API_KEY_TOKENS.ApiKeyRepository) private readonly apiKeys: ApiKeyRepository,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async end(organisation: Organisation, person: Person, membership: Membership | null): Promise<void> {
    await this.memberships.remove(organisation.id, person.id);
    if (membership) {
      const view = memberViewOf(person, membership);
      await this.events.publish({ organisation, type: 'member.removed', recordId: person.id, subject: { model: 'member', view } });
    }
    const now = this.clock.now();
    await this.apiKeys.revokeAllOf(organisation.id, person.id, now);
    for (const invitation of await this.invitations.listForOrganisation(organisation.id)) {
      if (invitation.isFor(person.email) && invitation.statusAt(now) !== 'accepted') await this.invitations.delete(invitation);
    }
  }
}
