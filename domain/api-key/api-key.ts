import { ValidationFailed } from '../shared/errors';
import { OrganisationRecord } from '../shared/organisation-record';
import { assertUniqueIdUnchanged } from '../shared/unique-id';
import { ApiKeyScope, isApiKeyScope, ScopeNeeded, scopesAllow } from './api-key-scope';

export const API_KEY_NAME_MAX_LENGTH = 100;
/**
 * What every key begins with ("business management key"): a key found in a
 * log or a repository says what it is, as Stripe's `sk_` and GitHub's `ghp_` do.
 */
export const API_KEY_MARK = 'bmk_';
/** The characters of a key shown beside it (`bmk_` and eight of the random part): enough to tell keys apart, nothing to guess the rest by. */
export const API_KEY_PREFIX_LENGTH = 12;
/**
 * How stale `last_used_at` may be: a key's use is written at most once in
 * this time, so that a busy integration does not make every read a write.
 */
export const LAST_USE_PRECISION_MS = 60_000;

export interface ApiKeySnapshot {
  id: string;
  uniqueId: string;
  organisationId: string;
  name: string;
  /** The key's first characters, kept in clear: shown, and the key's look-up. */
  prefix: string;
  /** A keyed hash of the whole key: the key itself is never kept. */
  secretHash: string;
  scopes: ApiKeyScope[];
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  /** The person the key acts as: never beyond their role in the organisation. */
  createdById: string;
  dateCreated: Date;
  lastUpdated: Date;
  revokedAt: Date | null;
}

/**
 * What authenticating a request needs of a key, and all that is read of it
 * then: not its dates of making and of change.
 */
export const API_KEY_CREDENTIAL = [
  'id',
  'organisationId',
  'uniqueId',
  'name',
  'prefix',
  'secretHash',
  'scopes',
  'expiresAt',
  'lastUsedAt',
  'createdById',
  'revokedAt',
] as const satisfies readonly (keyof ApiKeySnapshot)[];

export type ApiKeyCredential = Readonly<Pick<ApiKeySnapshot, (typeof API_KEY_CREDENTIAL)[number]>>;

/** Whether the key authenticates at `now`: neither revoked nor expired. */
export function isUsableAt(key: Pick<ApiKeyCredential, 'revokedAt' | 'expiresAt'>, now: Date): boolean {
  return key.revokedAt === null && (key.expiresAt === null || now.getTime() < key.expiresAt.getTime());
}

/** Whether a use at `now` is worth writing down (see `LAST_USE_PRECISION_MS`). */
export function isUseWorthRecording(key: Pick<ApiKeyCredential, 'lastUsedAt'>, now: Date): boolean {
  return key.lastUsedAt === null || now.getTime() - key.lastUsedAt.getTime() >= LAST_USE_PRECISION_MS;
}

export interface ApiKeyChanges {
  uniqueId?: string;
  name?: string;
  scopes?: string[];
  expiresAt?: Date | null;
}

export interface NewApiKey {
  id: string;
  uniqueId: string;
  organisationId: string;
  name: string;
  scopes: string[];
  expiresAt?: Date | null;
  prefix: string;
  secretHash: string;
  createdById: string;
  now: Date;
}

/**
 * A credential an integration holds instead of a person's password: it acts
 * as the person who made it, within its scopes, until it expires or is
 * revoked. Revoking keeps the record (its name, who made it, when it was last
 * used) and ends the key for good.
 */
export class ApiKey extends OrganisationRecord<ApiKeySnapshot> {
  private constructor(state: ApiKeySnapshot) {
    super(state);
  }

  static create(input: NewApiKey): ApiKey {
    const expiresAt = input.expiresAt ?? null;
    if (expiresAt !== null && expiresAt.getTime() <= input.now.getTime()) {
      throw ValidationFailed.field('expires_at', 'Ensure this value is in the future.');
    }
    return new ApiKey({
      id: input.id,
      uniqueId: input.uniqueId,
      organisationId: input.organisationId,
      name: checkedName(input.name),
      prefix: input.prefix,
      secretHash: input.secretHash,
      scopes: checkedScopes(input.scopes),
      expiresAt,
      lastUsedAt: null,
      createdById: input.createdById,
      dateCreated: input.now,
      lastUpdated: input.now,
      revokedAt: null,
    });
  }

  /** For mappers only. */
  static restore(snapshot: ApiKeySnapshot): ApiKey {
    return new ApiKey({ ...snapshot, scopes: [...snapshot.scopes] });
  }

  get createdById(): string {
    return this.state.createdById;
  }

  get secretHash(): string {
    return this.state.secretHash;
  }

  get name(): string {
    return this.state.name;
  }

  get prefix(): string {
    return this.state.prefix;
  }

  get scopes(): readonly ApiKeyScope[] {
    return this.state.scopes;
  }

  get revokedAt(): Date | null {
    return this.state.revokedAt;
  }

  /** Its name and scopes; the expiry is the key's from its making (a longer life is a new key). */
  change(changes: ApiKeyChanges, now: Date): void {
    assertUniqueIdUnchanged(this.state.uniqueId, changes.uniqueId);
    if (changes.expiresAt !== undefined && changes.expiresAt?.getTime() !== this.state.expiresAt?.getTime()) {
      throw ValidationFailed.field('expires_at', 'The expiry is set when the key is made: make a new key instead.');
    }
    const next = { ...this.state, lastUpdated: now };
    if (changes.name !== undefined) next.name = checkedName(changes.name);
    if (changes.scopes !== undefined) next.scopes = checkedScopes(changes.scopes);
    this.state = next;
  }

  /** Ends the key at once; revoking it again changes nothing. */
  revoke(now: Date): void {
    if (this.state.revokedAt !== null) return;
    this.state = { ...this.state, revokedAt: now, lastUpdated: now };
  }

  allows(needed: ScopeNeeded): boolean {
    return scopesAllow(this.state.scopes, needed);
  }
}

function checkedName(name: string): string {
  if (name.trim().length === 0) throw ValidationFailed.field('name', 'This field may not be blank.');
  if (name.length > API_KEY_NAME_MAX_LENGTH) throw ValidationFailed.field('name', `Ensure this field has no more than ${API_KEY_NAME_MAX_LENGTH} characters.`);
  return name;
}

function checkedScopes(scopes: string[]): ApiKeyScope[] {
  if (scopes.length === 0) throw ValidationFailed.field('scopes', 'This list may not be empty.');
  const unknown = scopes.find((scope) => !isApiKeyScope(scope));
  if (unknown !== undefined) throw ValidationFailed.field('scopes', `"${unknown}" is not a valid choice.`);
  return [...new Set(scopes)] as ApiKeyScope[];
}
