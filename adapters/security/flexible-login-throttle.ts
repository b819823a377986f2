import { createHash } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { LoginThrottle } from '../../application/auth/auth.ports';
import { emailKey } from '../../domain/person/email-address';
import { secondsUntil } from './flexible-rate-limit';
import { LimiterStore } from './limiter-store';

export interface ThrottleLimits {
  perEmail: number;
  perClient: number;
  windowSeconds: number;
}

/**
 * An account guessed at from many addresses at once is locked when its failures reach this many
 * times the per-address limit: high enough that one stranger's failures never lock its owner out.
 */
export const ACCOUNT_WIDE_FACTOR = 10;

/**
 * Failed logins counted by rate-limiter-flexible in the shared store, so that
 * every instance of the service sees every failure: per e-mail *and* client
 * address (`perEmail`: a guesser at one address is stopped without locking
 * the account's owner out elsewhere), per e-mail from all addresses together
 * (`perEmail` × ACCOUNT_WIDE_FACTOR: a guesser spread over many), and per
 * client address over all e-mails (`perClient`: a sprayer). A window opens
 * at a key's first failure and lasts `windowSeconds`.
 */
export class FlexibleLoginThrottle implements LoginThrottle {
  private readonly counters: [limit: number, limiter: RateLimiterAbstract, keyOf: (account: string, client: string) => string][];

  constructor(store: LimiterStore, limits: ThrottleLimits) {
    const counter = (name: string, points: number) => store.limiter({ keyPrefix: `login-failures-${name}`, points, duration: limits.windowSeconds });
    const accountWide = limits.perEmail * ACCOUNT_WIDE_FACTOR;
    this.counters = [
      [limits.perEmail, counter('pair', limits.perEmail), (account, client) => `${account}|${client}`],
      [accountWide, counter('email', accountWide), (account) => account],
      [limits.perClient, counter('client', limits.perClient), (_account, client) => client],
    ];
  }

  async retryAfter(email: string, clientAddress: string): Promise<number | null> {
    const account = accountKeyOf(email);
    const waits = await Promise.all(
      this.counters.map(async ([limit, limiter, keyOf]) => {
        const counted = await limiter.get(keyOf(account, clientAddress));
        return counted && counted.consumedPoints >= limit ? secondsUntil(counted) : null;
      }),
    );
    const blocked = waits.filter((wait): wait is number => wait !== null);
    return blocked.length ? Math.max(...blocked) : null;
  }

  async recordFailure(email: string, clientAddress: string): Promise<void> {
    const account = accountKeyOf(email);
    await Promise.all(this.counters.map(([, limiter, keyOf]) => limiter.penalty(keyOf(account, clientAddress), 1)));
  }
}

/**
 * The counters' key of an e-mail: its digest, not the address, so that the
 * limiter's store (a table of the database on Postgres) holds no e-mail in
 * clear, and an erased account's address is nowhere to be found (personal-data.md).
 */
function accountKeyOf(email: string): string {
  return createHash('sha256').update(emailKey(email)).digest('base64url').slice(0, 32);
}
