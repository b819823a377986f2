import { randomBytes } from 'node:crypto';
import { InMemoryApiKeyRepository } from '../../../../adapters/persistence/in-memory/in-memory-api-keys';
import { AesGcmSecretBox } from '../../../../adapters/security/aes-gcm-secret-box';
import { FlexibleLoginThrottle } from '../../../../adapters/security/flexible-login-throttle';
import { FlexibleRateLimit } from '../../../../adapters/security/flexible-rate-limit';
import { KeyedCredentialCache } from '../../../../adapters/security/keyed-credential-cache';
import { MemoryLimiterStore } from '../../../../adapters/security/limiter-store';
import { AuthenticateApiKey } from '../../../../application/api-key/authenticate-api-key.use-case';
import { AuthenticationFailed, Throttled } from '../../../../application/shared/errors';
import { ApiKey } from '../../../../domain/api-key/api-key';
import { FixedClock } from '../../../support/fixed-clock';

describe('authenticating an API key', () => {
  const box = new AesGcmSecretBox(randomBytes(32));
  const clock = new FixedClock('2026-03-15T09:00:00Z');
  let keys: InMemoryApiKeyRepository;
  let authenticate: AuthenticateApiKey;

  /** A key of `bmk_` + `body`, stored as its prefix and digest. */
  async function stored(body: string, id = `k-${body}`, expiresAt: Date | null = null): Promise<string> {
    const key = `bmk_${body}`;
    const made = ApiKey.create({
      id,
      uniqueId: id,
      organisationId: 'o1',
      name: id,
      scopes: ['vendors:read'],
      prefix: key.slice(0, 12),
      secretHash: box.digest(key),
      createdById: 'p1',
      expiresAt,
      now: clock.now(),
    });
    await keys.save(made);
    return key;
  }

  beforeEach(() => {
    keys = new InMemoryApiKeyRepository();
    const limiters = new MemoryLimiterStore();
    const throttle = new FlexibleLoginThrottle(limiters, { perEmail: 2, perClient: 100, windowSeconds: 900 });
    const verified = new KeyedCredentialCache(randomBytes(32), 60);
    authenticate = new AuthenticateApiKey(keys, box, throttle, clock, new FlexibleRateLimit(limiters, 'api-key-requests', 100, 60), verified);
  });

  afterEach(() => jest.restoreAllMocks());

  it('answers the key’s person, the key, and what is left of its minute', async () => {
    const key = await stored('A'.repeat(43));
    const { actor, allowance } = await authenticate.execute(key, '10.0.0.1');
    expect(actor).toMatchObject({ personId: 'p1', apiKey: { id: `k-${'A'.repeat(43)}`, prefix: key.slice(0, 12), organisationId: 'o1', scopes: ['vendors:read'] } });
    expect(allowance).toMatchObject({ limit: 100, remaining: 99 });
  });

  it('tells apart two keys of one prefix by their digests', async () => {
    const first = await stored(`${'B'.repeat(8)}${'1'.repeat(35)}`, 'first');
    const second = await stored(`${'B'.repeat(8)}${'2'.repeat(35)}`, 'second');
    expect((await authenticate.execute(first, '10.0.0.1')).actor.apiKey?.uniqueId).toBe('first');
    expect((await authenticate.execute(second, '10.0.0.1')).actor.apiKey?.uniqueId).toBe('second');
  });

  it('refuses a wrong, malformed or revoked key, and throttles the failures', async () => {
    const key = await stored('C'.repeat(43));
    await expect(authenticate.execute(`${key.slice(0, -1)}D`, '10.0.0.2')).rejects.toBeInstanceOf(AuthenticationFailed);
    await expect(authenticate.execute('Cccccccc', '10.0.0.3')).rejects.toBeInstanceOf(AuthenticationFailed);
    // Two failures of the prefix at one address: the third attempt is throttled, the good key still passes.
    await expect(authenticate.execute(`${key.slice(0, -1)}E`, '10.0.0.2')).rejects.toBeInstanceOf(AuthenticationFailed);
    await expect(authenticate.execute(`${key.slice(0, -1)}F`, '10.0.0.2')).rejects.toBeInstanceOf(Throttled);
    expect((await authenticate.execute(key, '10.0.0.2')).actor.personId).toBe('p1');

    const held = (await keys.findHeldByPrefix(key.slice(0, 12))).keys[0];
    const [revoked] = await keys.findByIds(held.organisationId, [held.id]);
    revoked.revoke(clock.now());
    await keys.save(revoked);
    await expect(authenticate.execute(key, '10.0.0.4')).rejects.toBeInstanceOf(AuthenticationFailed);
  });

  it('writes the key’s last use once a minute', async () => {
    const key = await stored('G'.repeat(43));
    await authenticate.execute(key, '10.0.0.5');
    const first = (await keys.findHeldByPrefix(key.slice(0, 12))).keys[0].lastUsedAt;
    expect(first).toEqual(clock.now());
    clock.advance({ seconds: 59 });
    await authenticate.execute(key, '10.0.0.5');
    expect((await keys.findHeldByPrefix(key.slice(0, 12))).keys[0].lastUsedAt).toEqual(first);
  });

  it('computes a key’s keyed hash once while it is used, and still reads its state on every request', async () => {
    const key = await stored('H'.repeat(43), 'h', new Date(clock.now().getTime() + 60_000));
    const digests = jest.spyOn(box, 'digestMatches');
    await authenticate.execute(key, '10.0.0.6');
    await authenticate.execute(key, '10.0.0.6');
    await authenticate.execute(key, '10.0.0.6');
    expect(digests).toHaveBeenCalledTimes(1);

    // A key of the same prefix is not taken for the remembered one.
    await expect(authenticate.execute(`${key.slice(0, -1)}I`, '10.0.0.6')).rejects.toBeInstanceOf(AuthenticationFailed);

    // Expired while remembered: refused at the next request (a revocation too: above).
    clock.advance({ seconds: 61 });
    await expect(authenticate.execute(key, '10.0.0.6')).rejects.toBeInstanceOf(AuthenticationFailed);
  });
});
