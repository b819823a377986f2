import { Claim, IdempotencyStore, StoredAnswer } from '../../../application/shared/idempotency';

interface Entry {
  fingerprint: string;
  claimedAt: number;
  answer: StoredAnswer | null;
}

/** The idempotency keys of use-case tests, in process memory (one process, as those tests run). */
export class InMemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  async claim(scope: string, key: string, fingerprint: string, now: Date, abandonedBefore: Date): Promise<Claim> {
    const id = `${scope}\0${key}`;
    const entry = this.entries.get(id);
    if (!entry || (entry.answer === null && entry.claimedAt < abandonedBefore.getTime())) {
      this.entries.set(id, { fingerprint, claimedAt: now.getTime(), answer: null });
      return { outcome: 'claimed' };
    }
    if (entry.answer === null) return { outcome: 'in-progress', fingerprint: entry.fingerprint };
    return { outcome: 'completed', fingerprint: entry.fingerprint, answer: structuredClone(entry.answer) };
  }

  async complete(scope: string, key: string, answer: StoredAnswer): Promise<void> {
    const entry = this.entries.get(`${scope}\0${key}`);
    if (entry) entry.answer = JSON.parse(JSON.stringify(answer)) as StoredAnswer;
  }

  async release(scope: string, key: string): Promise<void> {
    const id = `${scope}\0${key}`;
    if (this.entries.get(id)?.answer === null) this.entries.delete(id);
  }

  async purge(before: Date, limit: number): Promise<number> {
    let purged = 0;
    for (const [id, entry] of this.entries) {
      if (purged >= limit) break;
      if (entry.claimedAt < before.getTime()) {
        this.entries.delete(id);
        purged += 1;
      }
    }
    return purged;
  }
}
