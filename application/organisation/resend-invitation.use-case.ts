import { inject, injectable } from 'inversify';
import { NotFound } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { Clock, RateLimit, SHARED_TOKENS } from '../shared/ports';
import { InvitationDelivery } from './invitation-delivery';
import { InvitationView, invitationView } from './invitation-view';
import { OrganisationAccess } from './organisation-access';
import { InvitationRepository, ORGANISATION_TOKENS, TokenIssuer } from './organisation.ports';

/**
 * Sends an invitation again with a new token (only the hash of the old one is
 * stored, so it cannot be sent again) and seven more days. The mail goes out
 * first: if it fails, nothing changes and the old link keeps working.
 */
@injectable()
export class ResendInvitation {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ORGANISATION_TOKENS.InvitationRepository) private readonly invitations: InvitationRepository,
    @inject(ORGANISATION_TOKENS.TokenIssuer) private readonly tokens: TokenIssuer,
    @inject(InvitationDelivery) private readonly delivery: InvitationDelivery,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(ORGANISATION_TOKENS.InvitationQuota) private readonly quota: RateLimit,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, invitationUniqueId: string): Promise<InvitationView> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'invitations.resend');
    await this.quota.take(organisation.id);
    const invitation = await this.invitations.findByUniqueId(organisation.id, invitationUniqueId);
    if (!invitation) throw new NotFound();
    const now = this.clock.now();
    const { token, hash } = this.tokens.issue();
    invitation.reissue(hash, now); // refuses a used invitation before any mail goes out
    await this.delivery.send(invitation, organisation.name, token);
    const sent = await this.delivery.recordSent(invitation, (current) => current.reissue(hash, now));
    if (!sent) throw new NotFound();
    return invitationView(sent, now, { token, acceptUrl: this.delivery.acceptUrl(token) });
  }
}
