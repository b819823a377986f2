import { inject, injectable } from 'inversify';
import { NotFound } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { Clock, RateLimit, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { InvitationDelivery } from './invitation-delivery';
import { InvitationView, invitationView } from './invitation-view';
import { OrganisationAccess } from './organisation-access';
import { InvitationRepository, ORGANISATION_TOKENS, TokenIssuer } from './organisation.ports';

/**
 * Sends an invitation again with a new token (only the hash of the old one is
 * stored, so it cannot be sent again) and seven more days: the new link and
 * its e-mail are written together, the e-mail sent in the background (the
 * answer's `sentAt` is null, its delivery pending), and an e-mail of the old
 * link not yet sent is dropped.
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
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, invitationUniqueId: string): Promise<InvitationView> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'invitations.resend');
    await this.quota.take(organisation.id);
    const now = this.clock.now();
    const { token, hash } = this.tokens.issue();
    const invitation = await this.unitOfWork.transaction(async () => {
      const current = await this.invitations.findByUniqueId(organisation.id, invitationUniqueId, { forUpdate: true });
      if (!current) throw new NotFound();
      current.reissue(hash, now); // refuses a used invitation
      await this.invitations.save(current);
      await this.delivery.queue(current, organisation.name, token);
      return current;
    });
    return invitationView(invitation, now, { token, acceptUrl: this.delivery.acceptUrl(token) });
  }
}
