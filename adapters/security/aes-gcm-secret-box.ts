import { LRUCache } from 'lru-cache';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { SecretBox } from '../../application/shared/ports';

/** How many opened values are remembered: a few pages of every list in steady use. */
const OPENED_VALUES_REMEMBERED = 10_000;
/**
 * Only field-sized values are remembered: a whole document (a stored answer,
 * an event's body) is opened once per use, and would crowd out the fields.
 */
const REMEMBERED_MAX_LENGTH = 1_024;

/**
 * AES-256-GCM with a random 96-bit nonce per value: `v1.<nonce>.<tag>.<ciphertext>`, base64url.
 *
 * Opening a value costs a cipher set-up (microseconds, 50 times for a list
 * page), and the same sealed values are read again and again. A sealed value
 * always opens to the same text (its nonce is never reused), so the last ones
 * opened are remembered by their sealed form: nothing to invalidate, and a
 * changed value is a new sealed text. The plain texts stay in this process's
 * memory only, as they do while a response is built.
 *
 * Digests are HMAC-SHA256 under a key of their own, derived from the field
 * encryption key (HKDF), so that one key is kept and neither use weakens the other.
 */
export class AesGcmSecretBox implements SecretBox {
  private readonly key: Buffer;
  private readonly digestKey: Buffer;
  private readonly opened = new LRUCache<string, string>({ max: OPENED_VALUES_REMEMBERED });

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The field encryption key must be 32 bytes.');
    this.key = key;
    this.digestKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'secret-box digest', 32));
  }

  digest(text: string): string {
    return createHmac('sha256', this.digestKey).update(text, 'utf8').digest('hex');
  }

  digestMatches(text: string, digest: string): boolean {
    const expected = Buffer.from(digest, 'hex');
    const actual = createHmac('sha256', this.digestKey).update(text, 'utf8').digest();
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  seal(plaintext: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    let plaintext = this.opened.get(sealed);
    if (plaintext === undefined) {
      plaintext = this.decrypt(sealed);
      if (sealed.length <= REMEMBERED_MAX_LENGTH) this.opened.set(sealed, plaintext);
    }
    return plaintext;
  }

  private decrypt(sealed: string): string {
    const [version, nonce, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || ciphertext === undefined) throw new Error('Unrecognised sealed value.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
