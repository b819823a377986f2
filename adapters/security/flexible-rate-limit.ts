import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { Throttled } from '../../application/shared/errors';
import { Allowance, RateLimit } from '../../application/shared/ports';
import { flexible, LimiterStore } from './limiter-store';

/** What a limiter throws when a key has no point left. */
const Refusal = flexible('RateLimiterRes');

/** So many uses per key in a window, counted by rate-limiter-flexible in the shared store; each use answers what is left. */
export class FlexibleRateLimit implements RateLimit {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    store: LimiterStore,
    name: string,
    private readonly points: number,
    windowSeconds: number,
  ) {
    this.limiter = store.limiter({ keyPrefix: name, points, duration: windowSeconds });
  }

  async take(key: string): Promise<Allowance> {
    try {
      return this.allowanceOf(await this.limiter.consume(key));
    } catch (refusal) {
      if (refusal instanceof Refusal) throw new Throttled(secondsUntil(refusal), this.allowanceOf(refusal));
      throw refusal;
    }
  }

  private allowanceOf(res: RateLimiterRes): Allowance {
    return { limit: this.points, remaining: Math.max(0, res.remainingPoints), resetSeconds: secondsUntil(res) };
  }
}

/** Whole seconds until the window frees a point, at least one. */
export function secondsUntil(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}
