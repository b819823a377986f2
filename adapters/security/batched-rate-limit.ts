import { Throttled } from '../../application/shared/errors';
import { Allowance, RateLimit } from '../../application/shared/ports';
import { allowanceOf, FlexibleRateLimit } from './flexible-rate-limit';

/** The longest this process counts a key's uses alone before adding them to the shared count. */
export const BATCH_MS = 1000;
/** The most uses of a key this process counts alone (at least one): the share of the limit each instance may overrun it by. */
export const BATCH_SHARE = 0.01;

/** One key's count in this process since its last addition to the shared store. */
interface KeyCount {
  /** What the shared store had left when last asked. */
  remaining: number;
  /** When the store's window ends (ms since the epoch). */
  resetAt: number;
  syncedAt: number;
  /** Uses counted here since, not yet in the store. */
  pending: number;
  /** The addition under way, if any. */
  syncing: Promise<void> | null;
}

/**
 * A limit of many uses per window (an API key's requests a minute) counted
 * in this process and added to the shared store in batches: at most once a
 * second per key, or as soon as this process has counted 1 % of the limit
 * (`BATCH_SHARE`), whichever comes first. Counting in the store on every use
 * made every request a database write on SQLite and Postgres. Held across
 * instances within a tolerance: each may admit a key up to a batch beyond
 * what the others know, so N instances may let it make up to N × 1 % of the
 * limit more than the limit in one window. A limit under 100 is added on
 * every use, exactly. A key past the limit is refused here, without the
 * store, until its window ends. The `RateLimit-Remaining` answered is this
 * process's view: the store's, less its own uses since.
 */
export class BatchedRateLimit implements RateLimit {
  private readonly counts = new Map<string, KeyCount>();
  private readonly batch: number;
  private nextSweep = 0;

  constructor(
    private readonly shared: FlexibleRateLimit,
    private readonly now: () => number = Date.now,
  ) {
    this.batch = Math.max(1, Math.floor(shared.points * BATCH_SHARE));
  }

  async take(key: string): Promise<Allowance> {
    for (;;) {
      const now = this.now();
      this.sweep(now);
      let count = this.counts.get(key);
      if (count && count.syncing === null && now >= count.resetAt) {
        // Its window is over: what was counted here in it no longer matters.
        this.counts.delete(key);
        count = undefined;
      }
      if (!count) {
        count = { remaining: this.shared.points, resetAt: Infinity, syncedAt: now, pending: 0, syncing: null };
        this.counts.set(key, count);
        return this.sync(key, count);
      }
      if (count.remaining - count.pending <= 0) {
        const allowance = allowanceOf(this.shared.points, 0, count.resetAt - now);
        throw new Throttled(allowance.resetSeconds, allowance);
      }
      if (count.pending + 1 >= this.batch || now - count.syncedAt >= BATCH_MS) {
        if (count.syncing === null) return this.sync(key, count);
        // A batch is full while the last addition is under way: wait for it rather than count beyond the batch.
        if (count.pending + 1 >= this.batch) {
          await count.syncing;
          continue;
        }
      }
      count.pending += 1;
      return allowanceOf(this.shared.points, count.remaining - count.pending, count.resetAt - now);
    }
  }

  /** Adds this use and those counted here since the last addition to the shared store. */
  private async sync(key: string, count: KeyCount): Promise<Allowance> {
    const uses = count.pending + 1;
    count.pending = 0;
    let settled!: () => void;
    count.syncing = new Promise<void>((resolve) => (settled = resolve));
    try {
      const counted = await this.shared.add(key, uses);
      const now = this.now();
      Object.assign(count, { remaining: counted.remaining, resetAt: now + counted.msBeforeNext, syncedAt: now });
      const allowance = allowanceOf(this.shared.points, count.remaining - count.pending, counted.msBeforeNext);
      if (counted.refused) throw new Throttled(allowance.resetSeconds, allowance);
      return allowance;
    } catch (error) {
      // The store failed: the next use asks it afresh.
      if (!(error instanceof Throttled)) this.counts.delete(key);
      throw error;
    } finally {
      count.syncing = null;
      settled();
    }
  }

  /** Forgets, once a minute, the keys whose window is over: a key no longer used leaves no count behind. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    for (const [key, count] of this.counts) if (count.syncing === null && now >= count.resetAt) this.counts.delete(key);
  }
}
