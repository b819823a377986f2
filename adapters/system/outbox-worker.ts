import { isDatabaseUnreachable } from '../persistence/typeorm/engine';
import { Logger } from './logger';

/** One round of an outbox: claims what is due (at most `limit`) and starts each delivery, answering once they are claimed. */
export interface OutboxRounds {
  execute(limit: number): Promise<{ claimed: number; settled: Promise<void> }>;
}

/** Forgets a batch of what is over; answers whether a full batch went (there may be more). */
export interface OutboxPruning {
  execute(): Promise<boolean>;
}

/** Removes a batch of what is due (stored files nothing references); answers whether more is due. */
export interface BackgroundSweep {
  execute(): Promise<{ more: boolean }>;
}

export interface WorkerOptions {
  /** What it delivers, for its log lines ("webhook", "e-mail"). */
  what: string;
  /** How often to look for due deliveries when there were none. */
  pollMs: number;
  /** Deliveries out at once in this process (each bounded by its 10 s timeout). */
  maxInFlight?: number;
  /** Told when a round finds the database away, which says so once for the whole outage (otherwise: a line a round). */
  databaseOutage?: { begin(): void };
  /** Swept beside the rounds, one sweep at a time (one worker of a process carries it: the webhooks'). */
  sweep?: BackgroundSweep;
}

/** How often the log of finished deliveries is pruned. */
const PRUNE_EVERY_MS = 3_600_000;

/**
 * The loop that delivers an outbox (webhooks, e-mails), in the server process
 * or a process of its own (`npm run webhooks`): a round every `pollMs`, and at
 * once another while rounds come back full. A round claims what this process
 * has room for and does not wait for the attempts it starts: a receiver that
 * never answers holds its own slots (bounded per endpoint and organisation by
 * the claim), never the next round. Any number run side by side, on one
 * instance or many; the queue's claims keep each delivery to one of them.
 *
 * It also carries what else is due in the background: the log's pruning and,
 * where given a `sweep`, the removal of stored files nothing references
 * (`SweepFileRemovals`), beside the rounds, one sweep at a time, so that a
 * file storage that does not answer never holds up a delivery.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private stopped = false;
  private readonly maxInFlight: number;
  private readonly inFlight = new Set<Promise<void>>();
  /** The last round filled every free slot: more may be due as soon as one frees. */
  private backlogged = false;
  private nextPrune = 0;
  private sweeping: Promise<void> | undefined;

  constructor(
    private readonly deliver: OutboxRounds,
    private readonly prune: OutboxPruning,
    private readonly logger: Logger,
    private readonly options: WorkerOptions,
  ) {
    this.maxInFlight = options.maxInFlight ?? 100;
  }

  start(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    // The round and the attempts in progress end before the database closes under them (each send is bounded by its 10 s timeout).
    if (this.round) await this.round;
    await Promise.all([...this.inFlight, this.sweeping]);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.round = this.run().finally(() => (this.round = undefined));
    }, delayMs);
    // Not unref'd: in a process of its own the worker is all that keeps it running.
  }

  private async run(): Promise<void> {
    try {
      this.backlogged = false;
      while (!this.stopped && this.inFlight.size < this.maxInFlight) {
        const room = this.maxInFlight - this.inFlight.size;
        const round = await this.deliver.execute(room);
        if (round.claimed > 0) this.track(round.settled);
        if (round.claimed < room) break;
        this.backlogged = true;
      }
      if (this.options.sweep) this.sweeping ??= this.sweepDue(this.options.sweep).finally(() => (this.sweeping = undefined));
      if (Date.now() >= this.nextPrune) {
        this.nextPrune = Date.now() + PRUNE_EVERY_MS;
        while (!this.stopped && (await this.prune.execute()));
      }
    } catch (error) {
      // A database that went away: the next round, a poll later, tries again.
      this.failed(error, `A ${this.options.what} delivery round failed.`);
    }
    this.schedule(this.options.pollMs);
  }

  /** The database being away is the outage's to say, once; anything else is logged by its code. */
  private failed(error: unknown, message: string): void {
    if (this.options.databaseOutage && isDatabaseUnreachable(error)) this.options.databaseOutage.begin();
    else this.logger.warn({ code: (error as { code?: string }).code ?? 'unknown' }, message);
  }

  /** Removes what is due, a batch at a time, until none is or the storage fails (tried again next round). */
  private async sweepDue(sweep: BackgroundSweep): Promise<void> {
    try {
      while (!this.stopped && (await sweep.execute()).more);
    } catch (error) {
      // The database going away in the middle of a sweep is the outage's to say, as in a round.
      this.failed(error, 'A background sweep (closed organisations, files to remove) failed.');
    }
  }

  private track(settled: Promise<void>): void {
    const attempts: Promise<void> = settled
      .catch((error: unknown) => this.failed(error, `A ${this.options.what} delivery could not be settled.`))
      .finally(() => {
        this.inFlight.delete(attempts);
        // Slots were all taken with more due: claim again now rather than at the next poll.
        if (this.backlogged && !this.round) this.schedule(0);
      });
    this.inFlight.add(attempts);
  }
}
