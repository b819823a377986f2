import { inject, injectable } from 'inversify';
import { INVITATION_KIND } from '../../domain/notification/notification-kinds';
import { Invitation } from '../../domain/organisation/invitation';
import { NOTIFICATION_TOKENS, NotificationQueue } from '../notification/notification.ports';
import { Clock, IdGenerator, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { InvitationRepository, ORGANISATION_TOKENS } from './organisation.ports';

/** The subject of every invitation: the service's words only. */
export const INVITATION_SUBJECT = 'You are invited to join an organisation';

/**
 * The invitation e-mail and its bookkeeping: the link, the message, queued in
 * the e-mail outbox with the invitation's change (sent in the background and
 * retried as every notification), and the time the mail system took it.
 */
@injectable()
export class InvitationDelivery {
  constructor(
    @inject(NOTIFICATION_TOKENS.NotificationQueue) private readonly outbox: NotificationQueue,
    @inject(ORGANISATION_TOKENS.PublicBaseUrl) private readonly baseUrl: string,
    @inject(ORGANISATION_TOKENS.InvitationRepository) private readonly invitations: InvitationRepository,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  acceptUrl(token: string): string {
    return `${this.baseUrl}/api/v1.0/invitations/${token}/accept/`;
  }

  /**
   * Queues the e-mail of the link with `token`, in the current transaction,
   * in place of any earlier one of the invitation not yet sent (its link no
   * longer works). The subject is ours alone: an organisation's name is
   * written by whoever signed up, and in a subject line it reads as the
   * service speaking ("Your account is locked: …"). The body names it, quoted.
   */
  async queue(invitation: Invitation, organisationName: string, token: string): Promise<void> {
    await this.forget(invitation);
    await this.outbox.enqueue([
      {
        id: this.ids.next(),
        organisationId: invitation.organisationId,
        personId: null,
        kind: INVITATION_KIND,
        recordUniqueId: invitation.uniqueId,
        at: this.clock.now(),
        message: {
          to: invitation.email,
          subject: INVITATION_SUBJECT,
          text: `You have been invited to join the organisation "${organisationName}". Accept within 7 days: POST ${this.acceptUrl(token)}`,
        },
      },
    ]);
  }

  /** Drops the invitation's e-mail not yet sent (it is revoked or replaced), in the current transaction. */
  forget(invitation: Invitation): Promise<void> {
    return this.outbox.dropPending(invitation.organisationId, INVITATION_KIND, invitation.uniqueId);
  }

  /**
   * Records that the mail system took the invitation's e-mail at `sentAt`, on
   * the invitation as it is now, read again under lock: an acceptance while
   * the mail was on its way is kept. Nothing when it is gone meanwhile.
   */
  async recordSent(organisationId: string, invitationUniqueId: string, sentAt: Date): Promise<void> {
    await this.unitOfWork.transaction(async () => {
      const current = await this.invitations.findByUniqueId(organisationId, invitationUniqueId, { forUpdate: true });
      if (!current) return;
      current.markSent(sentAt);
      await this.invitations.save(current);
    });
  }
}
