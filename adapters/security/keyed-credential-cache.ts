import { hash } from 'node:crypto';
import { RememberedCredential, VerifiedCredentialCache } from '../../application/auth/auth.ports';

type Entry<Remembered> = Remembered & { expiresAt: number };

/**
 * Verified credentials (Basic's e-mail and password, API keys), remembered in
 * this process until they go unused for the lifetime, keyed by a SHA-256 of
 * the presented text under a per-process secret: the password or key itself
 * is never held, and the secret dies with the process. Each use starts the
 * lifetime again: the caller checks the remembered hash (the password's, the
 * key's) against the stored one on every request, so a
 * verification repeated while a client keeps using its credential would only
 * find the same hash again, and it cost every client of the process a pause
 * (a scrypt, and the requests waiting on it) once a lifetime. The entry is
 * answered as it is kept, with no copy made: a remembered credential is read,
 * not changed.
 */
export class KeyedCredentialCache<Remembered extends RememberedCredential = RememberedCredential> implements VerifiedCredentialCache<Remembered> {
  private readonly entries = new Map<string, Entry<Remembered>>();
  /** The secret, as the text the hashed text starts with: one block of SHA-256 (64 characters). */
  private readonly prefix: string;

  constructor(
    key: Buffer,
    private readonly ttlSeconds: number,
    private readonly maxEntries = 10_000,
  ) {
    if (key.length !== 32) throw new Error('The credential cache takes a key of 32 bytes');
    this.prefix = key.toString('hex');
  }

  lookup(presented: string, now: Date): Remembered | null {
    const id = this.keyOf(presented);
    const entry = this.entries.get(id);
    if (!entry) return null;
    this.entries.delete(id);
    if (entry.expiresAt <= now.getTime()) return null;
    // Used again: its lifetime starts over, and it is the last to go when the cache is full.
    entry.expiresAt = now.getTime() + this.ttlSeconds * 1000;
    this.entries.set(id, entry);
    return entry;
  }

  remember(presented: string, credential: Remembered, now: Date): void {
    if (this.ttlSeconds <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(this.keyOf(presented), { ...credential, expiresAt: now.getTime() + this.ttlSeconds * 1000 });
  }

  forgetPerson(personId: string): void {
    for (const [id, entry] of this.entries) if (entry.personId === personId) this.entries.delete(id);
  }

  /**
   * The entry's key: SHA-256 over the secret, then the presented text. The
   * secret fills the hash's first block, so what follows is hashed from a
   * state nobody without it can compute, as inside an HMAC; what an HMAC adds
   * (the outer hash) guards digests that are shown, against extension, and
   * these never leave the process. Cheaper than an HMAC, for which Node makes
   * a new object on every request (docs/performance.md).
   */
  private keyOf(presented: string): string {
    return hash('sha256', `${this.prefix}${presented}`, 'hex');
  }
}
