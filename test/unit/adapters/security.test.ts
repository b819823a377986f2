import { randomBytes } from 'node:crypto';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';
import { KeyedCredentialCache } from '../../../adapters/security/keyed-credential-cache';
import { basicCredentialText } from '../../../application/auth/auth.ports';
import { PRODUCTION_SCRYPT_COST, ScryptPasswordHasher, Slots } from '../../../adapters/security/scrypt-password-hasher';
import { ACCOUNT_WIDE_FACTOR, FlexibleLoginThrottle } from '../../../adapters/security/flexible-login-throttle';
import { MemoryLimiterStore } from '../../../adapters/security/limiter-store';
import { newToken, Sha256TokenIssuer, tokenHash } from '../../../adapters/security/tokens';

const CHEAP = { N: 1024, r: 8, p: 1 };
const T0 = new Date('2026-03-15T09:00:00.000Z');
const after = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe('ScryptPasswordHasher', () => {
  const hasher = new ScryptPasswordHasher(CHEAP);

  it('verifies the password it hashed and nothing else', async () => {
    const hash = await hasher.hash('correct horse battery staple');
    await expect(hasher.verify('correct horse battery staple', hash)).resolves.toBe(true);
    await expect(hasher.verify('correct horse battery stapl', hash)).resolves.toBe(false);
    await expect(hasher.verify('Correct horse battery staple', hash)).resolves.toBe(false);
    await expect(hasher.verify('', hash)).resolves.toBe(false);
  });

  it('writes the scheme, the cost and a fresh salt into every hash', async () => {
    const first = await hasher.hash('same password');
    const second = await hasher.hash('same password');

    expect(first).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('same password');
  });

  it('verifies a hash made at another cost, since the cost travels with the hash', async () => {
    const old = await new ScryptPasswordHasher({ N: 2048, r: 8, p: 1 }).hash('upgrade me');
    await expect(hasher.verify('upgrade me', old)).resolves.toBe(true);
  });

  it('treats compatible Unicode spellings of a password alike (NFKC)', async () => {
    const hash = await hasher.hash('ﬁnance'); // the "fi" ligature
    await expect(hasher.verify('finance', hash)).resolves.toBe(true);
    const composed = await hasher.hash('caf\u00e9');
    await expect(hasher.verify('cafe\u0301', composed)).resolves.toBe(true);
  });

  it('asks for a new hash when a stored one was made at other cost parameters, or is not scrypt', async () => {
    expect(hasher.needsRehash(await hasher.hash('pw'))).toBe(false);
    expect(hasher.needsRehash(await new ScryptPasswordHasher({ N: 512, r: 8, p: 1 }).hash('pw'))).toBe(true);
    expect(hasher.needsRehash(await new ScryptPasswordHasher({ N: 1024, r: 4, p: 1 }).hash('pw'))).toBe(true);
    expect(hasher.needsRehash('pbkdf2_sha256$600000$salt$key')).toBe(true);
  });

  it('hashes at OWASP\'s minimum cost unless told otherwise', async () => {
    expect(PRODUCTION_SCRYPT_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(new ScryptPasswordHasher().needsRehash('scrypt$131072$8$1$c2FsdA==$a2V5')).toBe(false);
    expect(new ScryptPasswordHasher().needsRehash('scrypt$32768$8$1$c2FsdA==$a2V5')).toBe(true);
  });

  it('answers false for a hash of another scheme or a truncated one', async () => {
    await expect(hasher.verify('pw', 'pbkdf2_sha256$600000$salt$key')).resolves.toBe(false);
    await expect(hasher.verify('pw', 'scrypt$1024$8$1$c2FsdA==')).resolves.toBe(false);
    await expect(hasher.verify('pw', '')).resolves.toBe(false);
  });
});

describe('Slots (the bound on hashes at once)', () => {
  it('runs at most its size of tasks at once and starts the waiting ones in arrival order', async () => {
    const slots = new Slots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const task = (n: number) =>
      slots.run(async () => {
        started.push(n);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return n;
      });

    const results = [1, 2, 3, 4].map(task);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2]);
    releases.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3]);
    while (started.length < 4 || releases.length > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await expect(Promise.all(results)).resolves.toEqual([1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('frees its slot when a task fails', async () => {
    const slots = new Slots(1);
    await expect(slots.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });
});

describe('AesGcmSecretBox', () => {
  const key = randomBytes(32);
  const box = new AesGcmSecretBox(key);

  it('digests a text alike every time under one key, and otherwise under another key', () => {
    const digest = box.digest('{"account_number":"12345678"}');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(box.digest('{"account_number":"12345678"}')).toBe(digest);
    expect(box.digest('{"account_number":"12345679"}')).not.toBe(digest);
    expect(new AesGcmSecretBox(randomBytes(32)).digest('{"account_number":"12345678"}')).not.toBe(digest);
  });

  it('opens what it sealed, Unicode included', () => {
    for (const secret of ['0123456789', '', 'Kontonummer: 12 34 56 – ünïcødé 🏦']) {
      expect(box.open(box.seal(secret))).toBe(secret);
    }
  });

  it('seals the same plaintext differently every time and never in clear', () => {
    const a = box.seal('1234567890');
    const b = box.seal('1234567890');
    expect(a).not.toBe(b);
    expect(a).not.toContain('1234567890');
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
  });

  it('detects a changed ciphertext', () => {
    const [version, nonce, tag, ciphertext] = box.seal('1234567890').split('.');
    const bytes = Buffer.from(ciphertext, 'base64url');
    bytes[0] ^= 0x01;
    expect(() => box.open([version, nonce, tag, bytes.toString('base64url')].join('.'))).toThrow();
  });

  it('still detects a change to a value it has opened (and remembered) before', () => {
    const sealed = box.seal('1234567890');
    expect(box.open(sealed)).toBe('1234567890');
    const [version, nonce, tag, ciphertext] = sealed.split('.');
    const bytes = Buffer.from(ciphertext, 'base64url');
    bytes[0] ^= 1;
    expect(() => box.open([version, nonce, tag, bytes.toString('base64url')].join('.'))).toThrow();
    expect(box.open(sealed)).toBe('1234567890');
  });

  it('detects a changed tag or nonce', () => {
    const [version, nonce, tag, ciphertext] = box.seal('1234567890').split('.');
    const otherTag = Buffer.from(tag, 'base64url');
    otherTag[5] ^= 0x80;
    expect(() => box.open([version, nonce, otherTag.toString('base64url'), ciphertext].join('.'))).toThrow();
    const otherNonce = Buffer.from(nonce, 'base64url');
    otherNonce[0] ^= 0x01;
    expect(() => box.open([version, otherNonce.toString('base64url'), tag, ciphertext].join('.'))).toThrow();
  });

  it('cannot be opened with another key', () => {
    const sealed = box.seal('1234567890');
    expect(() => new AesGcmSecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(new AesGcmSecretBox(Buffer.from(key)).open(sealed)).toBe('1234567890');
  });

  it('refuses values of an unknown version or shape', () => {
    const sealed = box.seal('x');
    expect(() => box.open(sealed.replace(/^v1/, 'v2'))).toThrow('Unrecognised sealed value.');
    expect(() => box.open('1234567890')).toThrow('Unrecognised sealed value.');
  });

  it('wants a 256-bit key', () => {
    expect(() => new AesGcmSecretBox(randomBytes(16))).toThrow('The field encryption key must be 32 bytes.');
  });
});

describe('KeyedCredentialCache', () => {
  const newCache = (ttlSeconds = 60, maxEntries?: number) => new KeyedCredentialCache(randomBytes(32), ttlSeconds, maxEntries);

  it('remembers a verified credential for the person', () => {
    const cache = newCache();
    expect(cache.lookup(basicCredentialText('ada@example.com', 'pw'), T0)).toBeNull();
    cache.remember(basicCredentialText('ada@example.com', 'pw'), { personId: 'person-1', storedHash: 'hash-of-person-1' }, T0);
    expect(cache.lookup(basicCredentialText('ada@example.com', 'pw'), after(1))).toMatchObject({ personId: 'person-1', storedHash: 'hash-of-person-1' });
  });

  it('matches a Basic e-mail case-insensitively but the password exactly', () => {
    const cache = newCache();
    cache.remember(basicCredentialText('Ada@Example.com', 'pw'), { personId: 'person-1', storedHash: 'hash-of-person-1' }, T0);
    expect(cache.lookup(basicCredentialText(' ada@example.COM ', 'pw'), T0)).toMatchObject({ personId: 'person-1', storedHash: 'hash-of-person-1' });
    expect(cache.lookup(basicCredentialText('ada@example.com', 'PW'), T0)).toBeNull();
    expect(cache.lookup(basicCredentialText('ada@example.com', 'pw '), T0)).toBeNull();
  });

  it('does not confuse where the e-mail ends and the password starts', () => {
    const cache = newCache();
    cache.remember(basicCredentialText('ada@example.com', 'xpw'), { personId: 'person-1', storedHash: 'hash-of-person-1' }, T0);
    expect(cache.lookup(basicCredentialText('ada@example.comx', 'pw'), T0)).toBeNull();
  });

  it('forgets an entry left unused for its lifetime', () => {
    const cache = newCache(60);
    cache.remember(basicCredentialText('ada@example.com', 'pw'), { personId: 'person-1', storedHash: 'hash-of-person-1' }, T0);
    expect(cache.lookup(basicCredentialText('ada@example.com', 'pw'), after(60))).toBeNull();
    expect(cache.lookup(basicCredentialText('ada@example.com', 'pw'), after(1))).toBeNull();
  });

  it('keeps an entry while it is used: each use starts its lifetime again', () => {
    const cache = newCache(60);
    const remembered = { personId: 'person-1', storedHash: 'hash-of-person-1' };
    cache.remember(basicCredentialText('ada@example.com', 'pw'), remembered, T0);
    expect(cache.lookup(basicCredentialText('ada@example.com', 'pw'), after(59.999))).toMatchObject(remembered);
    expect(cache.lookup(basicCredentialText('ada@example.com', 'pw'), after(119))).toMatchObject(remembered);
    expect(cache.lookup(basicCredentialText('ada@example.com', 'pw'), after(178.5))).toMatchObject(remembered);
    expect(cache.lookup(basicCredentialText('ada@example.com', 'pw'), after(238.5))).toBeNull();
  });

  it("forgets every credential of one person at once, and only that person's", () => {
    const cache = newCache();
    cache.remember(basicCredentialText('ada@example.com', 'old'), { personId: 'person-1', storedHash: 'hash-of-person-1' }, T0);
    cache.remember(basicCredentialText('ada@example.com', 'older'), { personId: 'person-1', storedHash: 'hash-of-person-1' }, T0);
    cache.remember(basicCredentialText('grace@example.com', 'pw'), { personId: 'person-2', storedHash: 'hash-of-person-2' }, T0);

    cache.forgetPerson('person-1');

    expect(cache.lookup(basicCredentialText('ada@example.com', 'old'), T0)).toBeNull();
    expect(cache.lookup(basicCredentialText('ada@example.com', 'older'), T0)).toBeNull();
    expect(cache.lookup(basicCredentialText('grace@example.com', 'pw'), T0)).toMatchObject({ personId: 'person-2', storedHash: 'hash-of-person-2' });
  });

  it('holds neither the e-mail nor the password, and keys one credential differently in each process', () => {
    const [first, second] = [newCache(), newCache()];
    for (const cache of [first, second]) cache.remember(basicCredentialText('ada@example.com', 'correct horse'), { personId: 'person-1', storedHash: 'hash-of-person-1' }, T0);
    const [[firstKey, firstEntry], [secondKey]] = [[...first['entries']][0], [...second['entries']][0]];
    expect(firstKey).toMatch(/^[0-9a-f]{64}$/);
    expect(firstKey).not.toBe(secondKey);
    expect(JSON.stringify(firstEntry)).not.toMatch(/ada|correct horse/);
  });

  it('remembers nothing when the lifetime is zero', () => {
    const cache = newCache(0);
    cache.remember(basicCredentialText('ada@example.com', 'pw'), { personId: 'person-1', storedHash: 'hash-of-person-1' }, T0);
    expect(cache.lookup(basicCredentialText('ada@example.com', 'pw'), T0)).toBeNull();
  });

  it('drops the least recently used entry when full', () => {
    const cache = newCache(60, 2);
    cache.remember(basicCredentialText('a@x.co', 'pw'), { personId: 'person-a', storedHash: 'hash-of-person-a' }, T0);
    cache.remember(basicCredentialText('b@x.co', 'pw'), { personId: 'person-b', storedHash: 'hash-of-person-b' }, T0);
    expect(cache.lookup(basicCredentialText('a@x.co', 'pw'), T0)).toMatchObject({ personId: 'person-a', storedHash: 'hash-of-person-a' });
    cache.remember(basicCredentialText('c@x.co', 'pw'), { personId: 'person-c', storedHash: 'hash-of-person-c' }, T0);
    expect(cache.lookup(basicCredentialText('b@x.co', 'pw'), T0)).toBeNull();
    expect(cache.lookup(basicCredentialText('a@x.co', 'pw'), T0)).toMatchObject({ personId: 'person-a', storedHash: 'hash-of-person-a' });
    expect(cache.lookup(basicCredentialText('c@x.co', 'pw'), T0)).toMatchObject({ personId: 'person-c', storedHash: 'hash-of-person-c' });
  });
});

describe('FlexibleLoginThrottle (on the memory store; the shared stores in test/integration/security)', () => {
  const limits = { perEmail: 3, perClient: 5, windowSeconds: 900 };
  let elapsed = 0;
  /** Moves time (and the library's timers) to `seconds` after the start. */
  const at = (seconds: number) => {
    jest.advanceTimersByTime((seconds - elapsed) * 1000);
    elapsed = seconds;
  };
  const throttle = () => new FlexibleLoginThrottle(new MemoryLimiterStore(), limits);

  beforeEach(() => {
    jest.useFakeTimers({ now: T0 });
    elapsed = 0;
  });
  afterEach(() => jest.useRealTimers());

  it('allows attempts until the e-mail has failed the limit, then says how long to wait', async () => {
    const t = throttle();
    for (let i = 0; i < 2; i++) {
      at(i);
      await t.recordFailure('ada@example.com', '10.0.0.1');
    }
    at(2);
    expect(await t.retryAfter('ada@example.com', '10.0.0.1')).toBeNull();

    await t.recordFailure('ada@example.com', '10.0.0.1');
    at(10);
    expect(await t.retryAfter('ada@example.com', '10.0.0.1')).toBe(890);
  });

  it('counts the e-mail whatever its case or compatibility spelling', async () => {
    const t = throttle();
    await t.recordFailure('Ada@Example.com', '10.0.0.1');
    await t.recordFailure('ada@example.com ', '10.0.0.1');
    await t.recordFailure('ＡＤＡ@EXAMPLE.COM', '10.0.0.1');
    at(1);
    expect(await t.retryAfter('ada@example.com', '10.0.0.1')).toBe(899);
    expect(await t.retryAfter('grace@example.com', '10.0.0.1')).toBeNull();
  });

  it("does not lock the account's owner out for a stranger's failures at another address", async () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) await t.recordFailure('ada@example.com', '10.6.6.6');
    at(3);
    expect(await t.retryAfter('ada@example.com', '10.6.6.6')).toBe(897);
    expect(await t.retryAfter('ada@example.com', '10.0.0.1')).toBeNull();
  });

  it(`locks an account guessed at from many addresses once it reaches ${ACCOUNT_WIDE_FACTOR} times the limit`, async () => {
    const t = throttle();
    const failures = limits.perEmail * ACCOUNT_WIDE_FACTOR;
    for (let i = 0; i < failures - 1; i++) await t.recordFailure('ada@example.com', `10.1.${i}.1`);
    at(1);
    expect(await t.retryAfter('ada@example.com', '10.0.0.1')).toBeNull();
    await t.recordFailure('ada@example.com', '10.1.99.1');
    expect(await t.retryAfter('ada@example.com', '10.0.0.1')).toBe(899);
  });

  it('throttles a client address that fails across many e-mails', async () => {
    const t = throttle();
    for (let i = 0; i < 5; i++) await t.recordFailure(`user${i}@example.com`, '10.0.0.9');
    at(5);
    expect(await t.retryAfter('new@example.com', '10.0.0.9')).toBe(895);
    expect(await t.retryAfter('new@example.com', '10.0.0.8')).toBeNull();
  });

  it("allows again once the window opened by the key's first failure has passed, and opens a new one", async () => {
    const t = throttle();
    for (const s of [0, 100, 200]) {
      at(s);
      await t.recordFailure('ada@example.com', '10.0.0.1');
    }
    at(899);
    expect(await t.retryAfter('ada@example.com', '10.0.0.1')).toBe(1);
    at(900);
    expect(await t.retryAfter('ada@example.com', '10.0.0.1')).toBeNull();

    await t.recordFailure('ada@example.com', '10.0.0.1');
    at(901);
    expect(await t.retryAfter('ada@example.com', '10.0.0.1')).toBeNull();
  });
});


describe('tokens', () => {
  it('are 256 random bits, URL-safe, never repeated', () => {
    const tokens = new Set(Array.from({ length: 100 }, newToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are stored as their SHA-256', () => {
    expect(tokenHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const issued = new Sha256TokenIssuer().issue();
    expect(issued.hash).toBe(tokenHash(issued.token));
    expect(new Sha256TokenIssuer().hashOf(issued.token)).toBe(issued.hash);
  });
});
