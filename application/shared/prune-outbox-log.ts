import { Clock } from './ports';

/** What is over in an outbox (delivered, sent or given up) is kept this long, then forgotten. */
export const OUTBOX_LOG_RETENTION_MS = 30 * 24 * 3_600_000;
/** Rows removed per call: the worker calls again while there are more, a batch at a time. */
const PRUNE_LIMIT = 1_000;

/** An outbox's log of what is over: the webhooks' deliveries and attempts, the e-mails. */
export interface PrunableLog {
  /** Removes at most `limit` rows over before `before`; answers how many went. */
  prune(before: Date, limit: number): Promise<number>;
}

/** Forgets, a batch at a time, what an outbox finished more than `OUTBOX_LOG_RETENTION_MS` ago. */
export class PruneOutboxLog {
  constructor(
    private readonly log: PrunableLog,
    private readonly clock: Clock,
  ) {}

  /** Answers whether a full batch went (there may be more). */
  async execute(): Promise<boolean> {
    const removed = await this.log.prune(new Date(this.clock.now().getTime() - OUTBOX_LOG_RETENTION_MS), PRUNE_LIMIT);
    return removed >= PRUNE_LIMIT;
  }
}
