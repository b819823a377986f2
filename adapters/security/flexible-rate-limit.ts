import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { Throttled } from '../../application/shared/errors';
import { RateLimit } from '../../application/shared/ports';

/**
 * So many uses per key in a window, counted by rate-limiter-flexible in this
 * process (its Redis and Postgres stores take over when several processes
 * serve, issue 14).
 */
export class FlexibleRateLimit implements RateLimit {
  private readonly limiter: RateLimiterMemory;

  constructor(name: string, points: number, windowSeconds: number) {
    this.limiter = new RateLimiterMemory({ keyPrefix: name, points, duration: windowSeconds });
  }

  async take(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) throw new Throttled(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
      throw refusal;
    }
  }
}
