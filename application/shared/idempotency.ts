import { inject, injectable } from 'inversify';
import { IdempotencyInProgress, IdempotencyMismatch } from './errors';
import { Clock, SecretBox, SHARED_TOKENS, UnitOfWork } from './ports';

/** A stored answer: what a retry with the same key and body receives again. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type Claim =
  | { outcome: 'claimed' }
  | { outcome: 'completed'; fingerprint: string; answer: StoredAnswer }
  | { outcome: 'in-progress'; fingerprint: string };

/** Where keys, their requests' fingerprints and their answers are kept (contract section 8). */
export interface IdempotencyStore {
  /**
   * In a transaction of its own: claims the key for a new request, or says
   * what holds it. A claim older than `abandonedBefore` was left by a process
   * that died mid-request (its write never committed): it is taken over.
   */
  claim(scope: string, key: string, fingerprint: string, now: Date, abandonedBefore: Date): Promise<Claim>;
  /** In the current transaction, the write's own: the answer for retries. */
  complete(scope: string, key: string, answer: StoredAnswer, now: Date): Promise<void>;
  /** Forgets a claim whose request ended without a stored answer (a 5xx): a retry runs afresh. */
  release(scope: string, key: string): Promise<void>;
  /** Removes at most `limit` keys claimed before `before`; answers how many. */
  purge(before: Date, limit: number): Promise<number>;
}

export const IDEMPOTENCY_TOKENS = { IdempotencyStore: Symbol.for('IdempotencyStore') } as const;

/** Keys are kept at least this long (contract: 24 hours). */
export const KEY_LIFETIME_MS = 24 * 3_600_000;
/** A claim without an answer after this long belonged to a process that died. */
const CLAIM_LEASE_MS = 60_000;
/** How long a retry waits for the first request with its key before answering 409. */
const WAIT_FOR_FIRST_MS = 5_000;
const POLL_MS = 20;
/** Every this many claims, one bounded purge of expired keys. */
const PURGE_EVERY = 100;
const PURGE_LIMIT = 500;

/** What a request answered, and whether a retry should get it again (not for a 5xx, nor for "not now"). */
export interface Outcome extends StoredAnswer {
  keep: boolean;
}

/** Undoes the first request's writes: it failed, and its answer is stored on its own or not at all. */
class Unwound extends Error {
  constructor(readonly outcome: Outcome) {
    super('unwound');
  }
}

/**
 * Idempotent requests, as Stripe's API has them: the first request with a key
 * runs, and its answer is stored in the same transaction as its write, so
 * that a crash can never leave a write without its answer or an answer
 * without its write. A retry with the same key and body gets that answer
 * again; with another body, 422; while the first still runs, it waits for it
 * a moment, then 409.
 *
 * An answer may hold secrets (a vendor's account number, a webhook's signing
 * secret, an invitation's token), and a request's fingerprint is a plain hash
 * of a body that may hold a short one: the store is given the answer's body
 * sealed and a keyed digest of the fingerprint (docs/decisions/security.md).
 * Keys stored in clear before are still read, until they expire.
 */
@injectable()
export class IdempotentRequests {
  private claims = 0;

  constructor(
    @inject(IDEMPOTENCY_TOKENS.IdempotencyStore) private readonly store: IdempotencyStore,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(SHARED_TOKENS.SecretBox) private readonly box: SecretBox,
  ) {}

  /**
   * `handle` runs the request once and answers what it would send, and
   * whether to keep it. A success runs in one transaction with the storing of
   * its answer; a failure's writes, if any, are rolled back, and its answer is
   * stored on its own when kept (a 4xx), or the key is released (a 5xx).
   */
  async execute(
    request: { scope: string; key: string; fingerprint: string; atomic?: boolean },
    handle: () => Promise<Outcome>,
  ): Promise<{ answer: StoredAnswer; replayed: boolean }> {
    await this.purgeNowAndThen();
    const { scope, key } = request;
    const fingerprint = new Fingerprint(request.fingerprint, this.box);
    const claim = await this.claimOrWait(scope, key, fingerprint);
    if (claim.outcome === 'completed') {
      if (!fingerprint.matches(claim.fingerprint)) throw new IdempotencyMismatch();
      return { answer: this.opened(claim.answer), replayed: true };
    }
    // The answer is stored in the transaction of the write, held open until the answer is known; the transaction
    // opens where the request opens its own, so what comes before (an upload) holds none. A request that waits on
    // something outside the database inside its write (a password hash, a mail server) is not held: its answer is
    // stored just after. Should the process die in between, the claim lapses after the lease and a retry runs it
    // again, which such requests bear (a taken e-mail, a replaced invitation).
    const settle = async (ran: Outcome) => {
      if (ran.status >= 400 || !ran.keep) throw new Unwound(ran);
      await this.store.complete(scope, key, this.sealed(ran), this.clock.now());
    };
    const run =
      request.atomic === false
        ? async () => {
            const ran = await handle();
            await this.unitOfWork.transaction(() => settle(ran));
            return ran;
          }
        : () => this.unitOfWork.holdingCommit(handle, settle);
    let outcome: Outcome;
    try {
      outcome = await run();
    } catch (error) {
      if (!(error instanceof Unwound)) {
        await this.store.release(scope, key);
        throw error;
      }
      outcome = error.outcome;
      if (outcome.keep) await this.unitOfWork.transaction(() => this.store.complete(scope, key, this.sealed(outcome), this.clock.now()));
      else await this.store.release(scope, key);
    }
    return { answer: answerOf(outcome), replayed: false };
  }

  /** The key claimed for this request, or its stored answer; a first request still running is waited for. */
  private async claimOrWait(scope: string, key: string, fingerprint: Fingerprint): Promise<Claim> {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const now = this.clock.now();
      const claim = await this.store.claim(scope, key, fingerprint.kept, now, new Date(now.getTime() - CLAIM_LEASE_MS));
      if (claim.outcome !== 'in-progress') return claim;
      if (!fingerprint.matches(claim.fingerprint)) throw new IdempotencyMismatch();
      if (Date.now() >= deadline) throw new IdempotencyInProgress();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** The answer as the store keeps it: its body sealed whole, as JSON text. */
  private sealed(outcome: Outcome): StoredAnswer {
    return { status: outcome.status, body: outcome.body === undefined ? undefined : this.box.seal(JSON.stringify(outcome.body)) };
  }

  /** A stored answer as first answered. No answer's body is a bare string: one is sealed, else stored before sealing was. */
  private opened(answer: StoredAnswer): StoredAnswer {
    return typeof answer.body === 'string' ? { status: answer.status, body: JSON.parse(this.box.open(answer.body)) } : answer;
  }

  private async purgeNowAndThen(): Promise<void> {
    this.claims += 1;
    if (this.claims % PURGE_EVERY !== 0) return;
    await this.store.purge(new Date(this.clock.now().getTime() - KEY_LIFETIME_MS), PURGE_LIMIT);
  }
}

function answerOf(outcome: Outcome): StoredAnswer {
  return { status: outcome.status, body: outcome.body };
}

/** A request's fingerprint, kept as a keyed digest; a key claimed before that holds the fingerprint itself. */
class Fingerprint {
  readonly kept: string;

  constructor(
    private readonly plain: string,
    box: SecretBox,
  ) {
    this.kept = box.digest(plain);
  }

  matches(stored: string): boolean {
    return stored === this.kept || stored === this.plain;
  }
}
