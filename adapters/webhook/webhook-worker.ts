import { DeliverWebhooks } from '../../application/webhook/deliver-webhooks.use-case';
import { Logger } from '../system/logger';

export interface WorkerOptions {
  /** How often to look for due deliveries when there were none. */
  pollMs: number;
  /** Deliveries attempted at once. */
  batch?: number;
}

/** On stop, how long a round in progress is waited for: its claims lapse if it is cut short, and another worker retries. */
const STOP_WAIT_MS = 2_000;

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

  constructor(
    private readonly deliver: DeliverWebhooks,
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
    if (this.round) await Promise.race([this.round, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.round = this.run().finally(() => (this.round = undefined));
    }, delayMs);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    try {
      while (!this.stopped && (await this.deliver.execute(this.batch)) === this.batch);
    } catch (error) {
      // A database that went away for a moment: the next round tries again.
      this.logger.warn({ code: (error as { code?: string }).code ?? 'unknown' }, 'A webhook delivery round failed.');
    }
    this.schedule(this.options.pollMs);
  }
}
