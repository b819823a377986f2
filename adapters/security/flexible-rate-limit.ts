import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { Throttled } from '../../application/shared/errors';
import { Allowance, RateLimit } from '../../application/shared/ports';
import { flexible, LimiterStore } from './limiter-store';

/** What a limiter throws when a key has no point left. */
const Refusal = flexible('RateLimiterRes');

/** A count added to the shared store: what is left after it, when the window ends, and whether it went past the limit. */
export interface Counted {
  remaining: number;
  msBeforeNext: number;
  refused: boolean;
}

/** So many uses per key in a window, counted by rate-limiter-flexible in the shared store; each use answers what is left. */
export class FlexibleRateLimit implements RateLimit {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    store: LimiterStore,
    name: string,
    readonly points: number,
    windowSeconds: number,
  ) {
    this.limiter = store.limiter({ keyPrefix: name, points, duration: windowSeconds });
  }

  async take(key: string): Promise<Allowance> {
    const counted = await this.add(key, 1);
    const allowance = allowanceOf(this.points, counted.remaining, counted.msBeforeNext);
    if (counted.refused) throw new Throttled(allowance.resetSeconds, allowance);
    return allowance;
  }

  /** Adds `uses` to the key's count in the store at once. */
  async add(key: string, uses: number): Promise<Counted> {
    try {
      const res = await this.limiter.consume(key, uses);
      return { remaining: Math.max(0, res.remainingPoints), msBeforeNext: res.msBeforeNext, refused: false };
    } catch (refusal) {
      if (refusal instanceof Refusal) return { remaining: 0, msBeforeNext: refusal.msBeforeNext, refused: true };
      throw refusal;
    }
  }
}

export function allowanceOf(limit: number, remaining: number, msBeforeNext: number): Allowance {
  return { limit, remaining: Math.max(0, remaining), resetSeconds: secondsUntil({ msBeforeNext }) };
}

/** Whole seconds until the window frees a point, at least one. */
export function secondsUntil(res: Pick<RateLimiterRes, 'msBeforeNext'>): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}
