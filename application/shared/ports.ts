import { CalendarDate } from '../../domain/shared/calendar-date';

/** Ports every area shares: time, identifiers, transactions, secrets. */

export interface Clock {
  now(): Date;
  /** Today's date in the service's configured time zone. */
  today(): CalendarDate;
}

export interface IdGenerator {
  /** A new, time-ordered, globally unique identifier (UUIDv7). */
  next(): string;
}

/** How a transaction runs: `UnitOfWork.transaction`. */
export interface TransactionOptions {
  serializable?: boolean;
  bulk?: boolean;
}

export interface UnitOfWork {
  /**
   * Runs `work` in one database transaction: all of it is committed, or none.
   * `serializable`: as if alone (SQLite's writes always are; on Postgres a
   * transaction that read what another changed meanwhile fails with
   * `ConcurrentModification`).
   * `bulk`: many rows (an import's): a database transaction of its own, never
   * a savepoint in one shared with other writes (SQLite's group commit), for
   * which SQLite would keep a copy of every page it changes; on Postgres its
   * statements are planned for the tables as they grow, not once.
   */
  transaction<T>(work: () => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Whether the caller already runs inside a transaction (one that `transaction` joins). */
  readonly inTransaction: boolean;
  /**
   * Runs `work` outside a transaction, but holds the first transaction it opens
   * open once that transaction's own work is done (later ones join it), until
   * `work` has answered; `finish` then runs in it with the answer, and it
   * commits, or rolls back when `work` or `finish` throws. When `work` opened
   * none, `finish` runs in a transaction of its own. So what `work` does
   * before its transaction (an upload) holds no transaction, and what it
   * answers is committed with what it wrote, or neither is.
   */
  holdingCommit<T>(work: () => Promise<T>, finish: (result: T) => Promise<void>): Promise<T>;
}

/** Authenticated encryption of individual fields at rest (AES-256-GCM). */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
  /**
   * A keyed digest of a text (hex, 64 characters): equal texts give equal
   * digests, and nobody without the key can test a guess against one, as
   * they could against a plain hash of a short secret.
   */
  digest(text: string): string;
  /** Whether `text`'s digest is `digest`, compared in constant time (a credential kept as its digest). */
  digestMatches(text: string, digest: string): boolean;
}


/** What is left of a metered limit after a use: its size, the uses left, and the seconds until the window starts afresh. */
export interface Allowance {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** Uses of something counted per key in a window (a client address, an organisation, an API key). */
export interface RateLimit {
  /** Counts one use by `key` and answers what is left; throws Throttled (with the seconds to wait, and the allowance) beyond the limit. */
  take(key: string): Promise<Allowance>;
}

export const SHARED_TOKENS = {
  Clock: Symbol.for('Clock'),
  IdGenerator: Symbol.for('IdGenerator'),
  UnitOfWork: Symbol.for('UnitOfWork'),
  SecretBox: Symbol.for('SecretBox'),
} as const;
