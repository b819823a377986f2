import { emailKey } from '../../domain/person/email-address';
import { LoginThrottle } from '../../application/auth/auth.ports';

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
 * Failed logins in a sliding window, in this process: per e-mail *and* client
 * address (`perEmail`: a guesser at one address is stopped without locking the
 * account's owner out elsewhere), per e-mail from all addresses together
 * (`perEmail` × ACCOUNT_WIDE_FACTOR: a guesser spread over many), and per
 * client address over all e-mails (`perClient`: a sprayer).
 */
export class SlidingWindowLoginThrottle implements LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly maxKeys = 100_000,
  ) {}

  retryAfter(email: string, clientAddress: string, now: Date): number | null {
    const [pair, account, client] = keysOf(email, clientAddress);
    const waits = [
      this.waitFor(pair, this.limits.perEmail, now),
      this.waitFor(account, this.limits.perEmail * ACCOUNT_WIDE_FACTOR, now),
      this.waitFor(client, this.limits.perClient, now),
    ].filter((wait): wait is number => wait !== null);
    return waits.length ? Math.max(...waits) : null;
  }

  recordFailure(email: string, clientAddress: string, now: Date): void {
    if (this.failures.size >= this.maxKeys) this.prune(now);
    for (const key of keysOf(email, clientAddress)) {
      const recent = this.recent(key, now);
      recent.push(now.getTime());
      this.failures.set(key, recent);
    }
  }

  private waitFor(key: string, limit: number, now: Date): number | null {
    const recent = this.recent(key, now);
    if (recent.length < limit) return null;
    const oldestThatCounts = recent[recent.length - limit];
    return Math.max(1, Math.ceil((oldestThatCounts + this.limits.windowSeconds * 1000 - now.getTime()) / 1000));
  }

  /** Forgets keys whose failures have all left the window, so a spray of e-mails cannot exhaust memory. */
  private prune(now: Date): void {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }

  private recent(key: string, now: Date): number[] {
    const since = now.getTime() - this.limits.windowSeconds * 1000;
    const recent = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (recent.length === 0) this.failures.delete(key);
    else this.failures.set(key, recent);
    return recent;
  }
}

/** The counters one failure counts in: the e-mail at this address, the e-mail anywhere, this address. */
function keysOf(email: string, clientAddress: string): [string, string, string] {
  const account = emailKey(email);
  return [`pair:${account}|${clientAddress}`, `email:${account}`, `client:${clientAddress}`];
}
