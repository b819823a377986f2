import { emailKey } from '../../domain/person/email-address';
import { createHmac, createSecretKey, KeyObject } from 'node:crypto';
import { RememberedCredential, VerifiedCredentialCache } from '../../application/auth/auth.ports';

interface Entry extends RememberedCredential {
  expiresAt: number;
}

/**
 * Verified Basic credentials, remembered in this process until they go unused
 * for the lifetime, keyed by an HMAC of e-mail and password under a
 * per-process key: the password itself is never held, and the key dies with
 * the process. Each use starts the lifetime again: the caller checks the
 * remembered password hash against the stored one on every request, so a
 * verification repeated while a client keeps using its credential would only
 * find the same hash again, and it cost every client of the process a pause
 * (a scrypt, and the requests waiting on it) once a lifetime.
 */
export class HmacCredentialCache implements VerifiedCredentialCache {
  private readonly entries = new Map<string, Entry>();
  /** A key object, not the bytes: each HMAC would otherwise copy the bytes into a key of its own. */
  private readonly key: KeyObject;

  constructor(
    key: Buffer,
    private readonly ttlSeconds: number,
    private readonly maxEntries = 10_000,
  ) {
    this.key = createSecretKey(key);
  }

  lookup(email: string, password: string, now: Date): RememberedCredential | null {
    const id = this.keyOf(email, password);
    const entry = this.entries.get(id);
    if (!entry) return null;
    this.entries.delete(id);
    if (entry.expiresAt <= now.getTime()) return null;
    // Used again: its lifetime starts over, and it is the last to go when the cache is full.
    entry.expiresAt = now.getTime() + this.ttlSeconds * 1000;
    this.entries.set(id, entry);
    return { personId: entry.personId, passwordHash: entry.passwordHash };
  }

  remember(email: string, password: string, credential: RememberedCredential, now: Date): void {
    if (this.ttlSeconds <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(this.keyOf(email, password), { ...credential, expiresAt: now.getTime() + this.ttlSeconds * 1000 });
  }

  forgetPerson(personId: string): void {
    for (const [id, entry] of this.entries) if (entry.personId === personId) this.entries.delete(id);
  }

  private keyOf(email: string, password: string): string {
    return createHmac('sha256', this.key).update(`${emailKey(email)}\0${password}`).digest('hex');
  }
}
