import { LoginThrottle } from '../../application/auth/auth.ports';

export interface ThrottleLimits {
  perEmail: number;
  perClient: number;
  windowSeconds: number;
}

/** Failed logins per e-mail and per client address in a sliding window, in this process. */
export class SlidingWindowLoginThrottle implements LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly maxKeys = 100_000,
  ) {}

  retryAfter(email: string, clientAddress: string, now: Date): number | null {
    const waits = [
      this.waitFor(`email:${email.trim().toLowerCase()}`, this.limits.perEmail, now),
      this.waitFor(`client:${clientAddress}`, this.limits.perClient, now),
    ].filter((wait): wait is number => wait !== null);
    return waits.length ? Math.max(...waits) : null;
  }

  recordFailure(email: string, clientAddress: string, now: Date): void {
    if (this.failures.size >= this.maxKeys) this.prune(now);
    for (const key of [`email:${email.trim().toLowerCase()}`, `client:${clientAddress}`]) {
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
