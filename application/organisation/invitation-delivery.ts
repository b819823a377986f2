import { inject, injectable } from 'inversify';
import { Invitation } from '../../domain/organisation/invitation';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { InvitationRepository, Mailer, ORGANISATION_TOKENS } from './organisation.ports';

/** The subject of every invitation: the service's words only. */
export const INVITATION_SUBJECT = 'You are invited to join an organisation';

/**
 * The invitation e-mail and its bookkeeping: the link, the message, and the
 * time the mail system took it. Mail goes out outside any transaction, so a
 * slow mail server never holds a database lock.
 */
@injectable()
export class InvitationDelivery {
  constructor(
    @inject(ORGANISATION_TOKENS.Mailer) private readonly mailer: Mailer,
    @inject(ORGANISATION_TOKENS.PublicBaseUrl) private readonly baseUrl: string,
    @inject(ORGANISATION_TOKENS.InvitationRepository) private readonly invitations: InvitationRepository,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  acceptUrl(token: string): string {
    return `${this.baseUrl}/api/v1.0/invitations/${token}/accept/`;
  }

  /**
   * E-mails the link with `token`; throws MailDeliveryFailed when the mail
   * system did not take it. The subject is ours alone: an organisation's name
   * is written by whoever signed up, and in a subject line it reads as the
   * service speaking ("Your account is locked: …"). The body names it, quoted.
   */
  async send(invitation: Invitation, organisationName: string, token: string): Promise<void> {
    await this.mailer.send({
      to: invitation.email,
      subject: INVITATION_SUBJECT,
      text: `You have been invited to join the organisation "${organisationName}". Accept within 7 days: POST ${this.acceptUrl(token)}`,
    });
  }

  /**
   * Stores `change` and the sending time on the invitation as it is now, read
   * again under lock: an acceptance while the mail was on its way is kept.
   * Null when the invitation is gone meanwhile (revoked, or replaced by a
   * newer one to the same address).
   */
  async recordSent(invitation: Invitation, change: (current: Invitation) => void = () => undefined): Promise<Invitation | null> {
    const sentAt = this.clock.now();
    return this.unitOfWork.transaction(async () => {
      const current = await this.invitations.findByUniqueId(invitation.organisationId, invitation.uniqueId, { forUpdate: true });
      if (!current) return null;
      change(current);
      current.markSent(sentAt);
      await this.invitations.save(current);
      return current;
    });
  }
}
