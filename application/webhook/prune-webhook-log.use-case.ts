import { inject, injectable } from 'inversify';
import { Clock, SHARED_TOKENS } from '../shared/ports';
import { WEBHOOK_TOKENS, WebhookQueue } from './webhook.ports';

/** Finished deliveries and the attempt log are kept this long. */
export const WEBHOOK_LOG_RETENTION_MS = 30 * 24 * 3_600_000;
/** Rows removed per call: the worker calls again while there are more, a batch at a time. */
const PRUNE_LIMIT = 1_000;

/** Forgets deliveries that are over (delivered or given up) and attempts older than 30 days. */
@injectable()
export class PruneWebhookLog {
  constructor(
    @inject(WEBHOOK_TOKENS.WebhookQueue) private readonly queue: WebhookQueue,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** Answers whether a full batch went (there may be more). */
  async execute(): Promise<boolean> {
    const removed = await this.queue.prune(new Date(this.clock.now().getTime() - WEBHOOK_LOG_RETENTION_MS), PRUNE_LIMIT);
    return removed >= PRUNE_LIMIT;
  }
}
