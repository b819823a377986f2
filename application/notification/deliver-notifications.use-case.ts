import { inject, injectable } from 'inversify';
import { INVITATION_KIND } from '../../domain/notification/notification-kinds';
import { nextAttemptAt } from '../../domain/webhook/webhook-events';
import { InvitationDelivery } from '../organisation/invitation-delivery';
import { Mailer, ORGANISATION_TOKENS } from '../organisation/organisation.ports';
import { MailDeliveryFailed } from '../shared/errors';
import { Clock, SHARED_TOKENS } from '../shared/ports';
import { NOTIFICATION_TOKENS, NotificationNext, NotificationQueue, QueuedNotification } from './notification.ports';
import { ReleaseDailyDigests } from './release-daily-digests.use-case';
import { RemindFollowUps } from './remind-follow-ups.use-case';

/** How long a claimed e-mail stays its worker's: past the mail adapter's longest wait, so that only a dead worker loses it. */
const CLAIM_LEASE_MS = 120_000;

/** A round: how many e-mails it claimed, and when their attempts are all settled. */
export interface NotificationRound {
  claimed: number;
  settled: Promise<void>;
}

/**
 * One round of the e-mail worker: claims the e-mails that are due, sends
 * each through the mailer and records the attempt. A failure is tried again
 * on the webhooks' retry schedule (1 min … 8 h), then given up. The day's
 * follow-up reminders and digests are written first, to go out in the same round. At least
 * once: a worker that dies between the send and its record leaves its claim
 * to lapse, and another sends the e-mail again.
 */
@injectable()
export class DeliverNotifications {
  constructor(
    @inject(NOTIFICATION_TOKENS.NotificationQueue) private readonly queue: NotificationQueue,
    @inject(ORGANISATION_TOKENS.Mailer) private readonly mailer: Mailer,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(ReleaseDailyDigests) private readonly digests: ReleaseDailyDigests,
    @inject(RemindFollowUps) private readonly followUps: RemindFollowUps,
    @inject(InvitationDelivery) private readonly invitations: InvitationDelivery,
  ) {}

  /** Claims and starts up to `limit` e-mails, answering once they are claimed (0: nothing was due). */
  async execute(limit: number): Promise<NotificationRound> {
    await this.followUps.execute();
    await this.digests.execute();
    const now = this.clock.now();
    const claimed = await this.queue.claim(now, limit, new Date(now.getTime() + CLAIM_LEASE_MS));
    const settled = Promise.all(claimed.map((notification) => this.deliver(notification))).then(() => undefined);
    return { claimed: claimed.length, settled };
  }

  private async deliver(notification: QueuedNotification): Promise<void> {
    let error: string | null = null;
    try {
      await this.mailer.send(notification.message);
    } catch (failure) {
      if (!(failure instanceof MailDeliveryFailed)) throw failure;
      error = 'The mail server did not take the message.';
    }
    const at = this.clock.now();
    const attempts = notification.attempts + 1;
    const kept = await this.queue.settle(notification.id, { attempts, at, error }, error === null ? { state: 'sent' } : retryOf(attempts, at));
    // The invitation shows when its e-mail went out (`sent_at`), unless this one was dropped while out: its link was replaced.
    if (kept && error === null && notification.kind === INVITATION_KIND) await this.invitations.recordSent(notification.organisationId, notification.recordUniqueId, at);
  }
}

function retryOf(failedAttempts: number, at: Date): NotificationNext {
  const next = nextAttemptAt(failedAttempts, at);
  return next ? { state: 'pending', at: next } : { state: 'failed' };
}
