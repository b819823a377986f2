import { emailKey } from '../../domain/person/email-address';
import type { Preread, Prereads } from '../shared/preread';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /** Whether a stored hash was made otherwise than new ones are: it is replaced at its next successful check. */
  needsRehash(hash: string): boolean;
}

export interface CredentialRepository {
  findPasswordHash(personId: string): Promise<string | null>;
  /** The stored hash (null: none), and what `preread` names read with it where this storage can (see `Preread`). */
  findPasswordHashWith(personId: string, preread: Preread): Promise<{ passwordHash: string | null; prereads: Prereads }>;
  setPasswordHash(personId: string, hash: string, now: Date): Promise<void>;
  /**
   * The same password hashed anew: replaces `current` unless the password has
   * changed meanwhile, and leaves the time of the last change as it was.
   */
  replacePasswordHash(personId: string, current: string, replacement: string): Promise<void>;
}

export interface StartedSession {
  /** The bearer token for the `sessionid` cookie; only its hash is stored. */
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export interface ActiveSession {
  personId: string;
  csrfToken: string;
  expiresAt: Date;
}

/**
 * How many sessions a person may hold at once: a new one beyond it ends the
 * oldest (a stolen password cannot pile up sessions nobody sees, and the
 * table cannot grow without bound).
 */
export const MAX_SESSIONS_PER_PERSON = 20;

export interface SessionStore {
  /** A new session; the person's oldest end when they would hold more than `MAX_SESSIONS_PER_PERSON`. */
  start(personId: string, now: Date): Promise<StartedSession>;
  /** The live session for a token, or null when unknown or expired; with what `preread` names where this storage can read it with the session (see `Preread`). */
  resolve(token: string, now: Date, preread?: Preread): Promise<(ActiveSession & { prereads?: Prereads }) | null>;
  end(token: string): Promise<void>;
  /** Ends every session of the person except the one holding `keepToken`. */
  endAllFor(personId: string, keepToken?: string): Promise<void>;
}

/**
 * Remembers, for a short time, that a credential presented with requests (a
 * Basic e-mail and password, an API key) was verified, so that a request does
 * not pay for the verification (a memory-hard hash, a keyed hash) again. Keyed
 * by the text presented, which the cache does not hold.
 */
export interface VerifiedCredentialCache<Remembered extends RememberedCredential = RememberedCredential> {
  lookup(presented: string, now: Date): Remembered | null;
  remember(presented: string, credential: Remembered, now: Date): void;
  forgetPerson(personId: string): void;
}

/**
 * Whose credential it was, and the stored hash it was verified against: the
 * entry holds only while that hash is still the stored one, which every
 * instance reads from the database (a password changed on another instance
 * ends it at the next request there).
 */
export interface RememberedCredential {
  personId: string;
  storedHash: string;
}

/** What a Basic credential is remembered by: the e-mail as it is matched, then the password. */
export function basicCredentialText(email: string, password: string): string {
  return `${emailKey(email)}\0${password}`;
}

/** Counts failed logins per e-mail and per client address in a window, across every instance. */
export interface LoginThrottle {
  /** Seconds until another attempt is allowed, or null when it is allowed now. */
  retryAfter(email: string, clientAddress: string): Promise<number | null>;
  recordFailure(email: string, clientAddress: string): Promise<void>;
}

export const AUTH_TOKENS = {
  /**
   * A `RateLimit` of accounts made without credentials (sign-up, accepting an
   * invitation with a new account) per client address: each costs a
   * memory-hard hash and rows, and nothing else stops a script from making thousands.
   */
  NewAccountLimit: Symbol.for('NewAccountLimit'),
  PasswordHasher: Symbol.for('PasswordHasher'),
  CredentialRepository: Symbol.for('CredentialRepository'),
  SessionStore: Symbol.for('SessionStore'),
  VerifiedCredentialCache: Symbol.for('VerifiedCredentialCache'),
  LoginThrottle: Symbol.for('LoginThrottle'),
} as const;
