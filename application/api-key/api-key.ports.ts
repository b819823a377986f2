import { ApiKey, ApiKeyCredential } from '../../domain/api-key/api-key';
import { RecordRepository } from '../records/record.ports';
import { Preread, Prereads } from '../shared/preread';

/** The keys' store (declared), with what authentication and member removal need beyond a record store. */
export interface ApiKeyRepository extends RecordRepository<ApiKey> {
  /**
   * What authentication needs of the keys whose prefix is `prefix` (one, but
   * for a clash of prefixes), in any organisation, whose person still belongs
   * to it with an active account; with `preread`, one of them (the first
   * found) with what it names read along, where the storage can (see `Preread`).
   */
  findHeldByPrefix(prefix: string, preread?: Preread): Promise<{ keys: ApiKeyCredential[]; prereads?: Prereads }>;
  /** Writes `now` as the key's last use, unless a use at or after `recordedSince` is written already (another instance's). */
  recordUse(keyId: string, now: Date, recordedSince: Date): Promise<void>;
  /** Revokes every live key of the person in the organisation (they left it). */
  revokeAllOf(organisationId: string, personId: string, now: Date): Promise<void>;
}

/** Makes new keys: `bmk_` and 256 random bits, URL-safe. */
export interface ApiKeySecrets {
  generate(): string;
}

export const API_KEY_TOKENS = {
  ApiKeyRepository: Symbol.for('ApiKeyRepository'),
  ApiKeySecrets: Symbol.for('ApiKeySecrets'),
  /** A `RateLimit` of requests per key a minute. */
  RequestLimit: Symbol.for('ApiKeyRequestLimit'),
  /** A `VerifiedCredentialCache` of keys: the key's person and its stored keyed hash. */
  VerifiedKeyCache: Symbol.for('VerifiedApiKeyCache'),
} as const;
