import { inject, injectable } from 'inversify';
import { Clock, SHARED_TOKENS } from '../shared/ports';
import { WEBHOOK_LOG_RETENTION_MS } from '../webhook/prune-webhook-log.use-case';
import { NOTIFICATION_TOKENS, NotificationQueue } from './notification.ports';

/** Rows removed per call: the worker calls again while there are more, a batch at a time. */
const PRUNE_LIMIT = 1_000;

/** Forgets e-mails that are over (sent, given up, or sent in a digest) after as long as the webhooks' log keeps its deliveries. */
@injectable()
export class PruneNotificationLog {
  constructor(
    @inject(NOTIFICATION_TOKENS.NotificationQueue) private readonly queue: NotificationQueue,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** Answers whether a full batch went (there may be more). */
  async execute(): Promise<boolean> {
    const removed = await this.queue.prune(new Date(this.clock.now().getTime() - WEBHOOK_LOG_RETENTION_MS), PRUNE_LIMIT);
    return removed >= PRUNE_LIMIT;
  }
}
