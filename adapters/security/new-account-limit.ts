import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { NewAccountLimit } from '../../application/auth/auth.ports';
import { Throttled } from '../../application/shared/errors';

/**
 * New accounts per client address per hour, counted by rate-limiter-flexible
 * in this process (its Redis and Postgres stores take over when several
 * processes serve, issue 14).
 */
export class RateLimitedNewAccounts implements NewAccountLimit {
  private readonly limiter: RateLimiterMemory;

  constructor(perHour: number) {
    this.limiter = new RateLimiterMemory({ keyPrefix: 'new-account', points: perHour, duration: 3600 });
  }

  async take(clientAddress: string): Promise<void> {
    try {
      await this.limiter.consume(clientAddress);
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) throw new Throttled(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
      throw refusal;
    }
  }
}
