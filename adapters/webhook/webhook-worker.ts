import { DeliverWebhooks } from '../../application/webhook/deliver-webhooks.use-case';
import { PruneWebhookLog } from '../../application/webhook/prune-webhook-log.use-case';
import { Logger } from '../system/logger';

export interface WorkerOptions {
  /** How often to look for due deliveries when there were none. */
  pollMs: number;
  /** Deliveries attempted at once. */
  batch?: number;
}

/** How often the log of finished deliveries is pruned. */
const PRUNE_EVERY_MS = 3_600_000;

/**
 * The loop that delivers webhooks, in the server process or a process of its
 * own (`npm run webhooks`): a round every `pollMs`, and at once another while
 * rounds come back full. Any number run side by side, on one instance or
 * many; the queue's claims keep each delivery to one of them.
 */
export class WebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private stopped = false;
  private readonly batch: number;
  private nextPrune = 0;

  constructor(
    private readonly deliver: DeliverWebhooks,
    private readonly prune: PruneWebhookLog,
    private readonly logger: Logger,
    private readonly options: WorkerOptions,
  ) {
    this.batch = options.batch ?? 20;
  }

  start(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    // The round in progress ends before the database closes under it (each send is bounded by its 10 s timeout).
    if (this.round) await this.round;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.round = this.run().finally(() => (this.round = undefined));
    }, delayMs);
    // Not unref'd: in a process of its own the worker is all that keeps it running.
  }

  private async run(): Promise<void> {
    try {
      while (!this.stopped && (await this.deliver.execute(this.batch)) === this.batch);
      if (Date.now() >= this.nextPrune) {
        this.nextPrune = Date.now() + PRUNE_EVERY_MS;
        while (!this.stopped && (await this.prune.execute()));
      }
    } catch (error) {
      // A database that went away for a moment: the next round tries again.
      this.logger.warn({ code: (error as { code?: string }).code ?? 'unknown' }, 'A webhook delivery round failed.');
    }
    this.schedule(this.options.pollMs);
  }
}
