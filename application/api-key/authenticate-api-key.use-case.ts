import { inject, injectable } from 'inversify';
import { API_KEY_MARK, API_KEY_PREFIX_LENGTH, ApiKeyCredential, isUsableAt, isUseWorthRecording, LAST_USE_PRECISION_MS } from '../../domain/api-key/api-key';
import { AUTH_TOKENS, LoginThrottle, VerifiedCredentialCache } from '../auth/auth.ports';
import { Actor } from '../shared/actor';
import { Preread, Prereads } from '../shared/preread';
import { AuthenticationFailed, Throttled } from '../shared/errors';
import { Allowance, Clock, RateLimit, SecretBox, SHARED_TOKENS } from '../shared/ports';
import { API_KEY_TOKENS, ApiKeyRepository } from './api-key.ports';

/** Longer than any key made (`bmk_` and 43 characters): not looked up at all. */
const KEY_MAX_LENGTH = 100;

/**
 * Resolves an API key to the person it acts as: found by its prefix, its
 * keyed hash compared in constant time, refused when revoked, expired, or
 * when its person left its organisation. A failure counts towards the
 * failed-credential throttle (by the prefix and the client's address): past
 * its limit a bad key is a 429. A good key pays no throttle's read, as a
 * remembered Basic credential does not. A key makes so many requests a
 * minute (`RequestLimit`, shared by every instance), then 429. Its use is
 * written at most once a minute (`LAST_USE_PRECISION_MS`).
 *
 * A key once verified is remembered in the process (`VerifiedKeyCache`, keyed
 * by a SHA-256 under a per-process secret, as a Basic credential is), so that
 * its next requests compare the stored hash they read with the one it was
 * verified against instead of computing the keyed hash again: the key's row is
 * still read on every request, so a revocation, an expiry or a member's removal
 * on any instance ends it at the next one.
 */
@injectable()
export class AuthenticateApiKey {
  constructor(
    @inject(API_KEY_TOKENS.ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(SHARED_TOKENS.SecretBox) private readonly box: SecretBox,
    @inject(AUTH_TOKENS.LoginThrottle) private readonly throttle: LoginThrottle,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(API_KEY_TOKENS.RequestLimit) private readonly requests: RateLimit,
    @inject(API_KEY_TOKENS.VerifiedKeyCache) private readonly verified: VerifiedCredentialCache,
  ) {}

  /** The key's person, and what is left of the key's requests this minute. */
  /** `preread`: what the request reads first, read with the key where the storage can. */
  async execute(presented: string, clientAddress: string, preread?: Preread): Promise<{ actor: Actor; allowance: Allowance }> {
    const prefix = presented.slice(0, API_KEY_PREFIX_LENGTH);
    const wellFormed = presented.startsWith(API_KEY_MARK) && presented.length > API_KEY_PREFIX_LENGTH && presented.length <= KEY_MAX_LENGTH;
    const now = this.clock.now();
    const remembered = wellFormed ? this.verified.lookup(presented, now) : null;
    // Remembered: the stored hash it was verified against is the proof (an equality of two digests, neither secret).
    const matches = remembered
      ? (candidate: ApiKeyCredential) => candidate.secretHash === remembered.storedHash
      : (candidate: ApiKeyCredential) => this.box.digestMatches(presented, candidate.secretHash);
    let found: { keys: ApiKeyCredential[]; prereads?: Prereads } = wellFormed ? await this.keys.findHeldByPrefix(prefix, preread) : { keys: [] };
    let key = found.keys.find(matches);
    // Another key of the same prefix came with the preread: every key of the prefix, without it.
    if (!key && preread && found.keys.length > 0) {
      found = await this.keys.findHeldByPrefix(prefix);
      key = found.keys.find(matches);
    }
    if (!key || !isUsableAt(key, now)) {
      const wait = await this.throttle.retryAfter(prefix, clientAddress);
      if (wait !== null) throw new Throttled(wait);
      await this.throttle.recordFailure(prefix, clientAddress);
      throw new AuthenticationFailed('Invalid token.', 'Bearer');
    }
    if (!remembered) this.verified.remember(presented, { personId: key.createdById, storedHash: key.secretHash }, now);
    const allowance = await this.requests.take(key.id);
    if (isUseWorthRecording(key, now)) await this.keys.recordUse(key.id, now, new Date(now.getTime() - LAST_USE_PRECISION_MS));
    const { id, uniqueId, name, organisationId, scopes } = key;
    return { actor: { personId: key.createdById, apiKey: { id, uniqueId, name, prefix, organisationId, scopes }, preread: found.prereads }, allowance };
  }
}
