import { ApiKey, isUsableAt, isUseWorthRecording, LAST_USE_PRECISION_MS } from '../../../../domain/api-key/api-key';
import { API_KEY_SCOPES, scopesAllow } from '../../../../domain/api-key/api-key-scope';
import { ValidationFailed } from '../../../../domain/shared/errors';

const at = (iso: string) => new Date(iso);
const made = at('2026-03-01T00:00:00Z');

function aKey(overrides: Partial<Parameters<typeof ApiKey.create>[0]> = {}): ApiKey {
  return ApiKey.create({
    id: 'k1',
    uniqueId: 'sync',
    organisationId: 'o1',
    name: 'Accounting sync',
    scopes: ['vendors:read'],
    prefix: 'bmk_abcdefgh',
    secretHash: 'hash',
    createdById: 'p1',
    now: made,
    ...overrides,
  });
}

function fieldErrorsOf(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    if (error instanceof ValidationFailed) return error.errors;
    throw error;
  }
  throw new Error('no ValidationFailed');
}

describe('API key scopes', () => {
  it('are read or write per area, or in every area', () => {
    expect(API_KEY_SCOPES).toEqual(expect.arrayContaining(['*:read', '*:write', 'expenses:read', 'members:write', 'webhooks:read']));
    expect(API_KEY_SCOPES).toHaveLength(16);
  });

  it('grant reading to a key that may write, and never writing to one that may only read', () => {
    expect(scopesAllow(['vendors:write'], { area: 'vendors', access: 'read' })).toBe(true);
    expect(scopesAllow(['vendors:read'], { area: 'vendors', access: 'write' })).toBe(false);
    expect(scopesAllow(['vendors:write'], { area: 'expenses', access: 'read' })).toBe(false);
    expect(scopesAllow(['*:read'], { area: 'reports', access: 'read' })).toBe(true);
    expect(scopesAllow(['*:read'], { area: 'reports', access: 'write' })).toBe(false);
    expect(scopesAllow(['*:write'], { area: 'members', access: 'read' })).toBe(true);
  });
});

describe('an API key', () => {
  it('holds its scopes once each, and refuses none or an unknown one', () => {
    expect(aKey({ scopes: ['vendors:read', 'vendors:read', 'leads:write'] }).scopes).toEqual(['vendors:read', 'leads:write']);
    expect(fieldErrorsOf(() => aKey({ scopes: [] }))).toEqual({ scopes: ['This list may not be empty.'] });
    expect(fieldErrorsOf(() => aKey({ scopes: ['vendors:delete'] }))).toEqual({ scopes: ['"vendors:delete" is not a valid choice.'] });
  });

  it('needs a name and an expiry in the future, if any', () => {
    expect(fieldErrorsOf(() => aKey({ name: '  ' }))).toEqual({ name: ['This field may not be blank.'] });
    expect(fieldErrorsOf(() => aKey({ expiresAt: made }))).toEqual({ expires_at: ['Ensure this value is in the future.'] });
  });

  it('works until it expires or is revoked', () => {
    const expiring = aKey({ expiresAt: at('2026-04-01T00:00:00Z') });
    expect(isUsableAt(expiring.snapshot(), at('2026-03-31T23:59:59Z'))).toBe(true);
    expect(isUsableAt(expiring.snapshot(), at('2026-04-01T00:00:00Z'))).toBe(false);

    const key = aKey();
    expect(isUsableAt(key.snapshot(), at('2036-01-01T00:00:00Z'))).toBe(true);
    key.revoke(at('2026-03-02T00:00:00Z'));
    expect(isUsableAt(key.snapshot(), at('2026-03-02T00:00:00Z'))).toBe(false);
    // Revoked once: a second revoke keeps the first time.
    key.revoke(at('2026-03-03T00:00:00Z'));
    expect(key.revokedAt).toEqual(at('2026-03-02T00:00:00Z'));
  });

  it('changes its name and scopes, never its expiry', () => {
    const key = aKey({ expiresAt: at('2026-04-01T00:00:00Z') });
    key.change({ name: 'CRM', scopes: ['*:read'] }, at('2026-03-02T00:00:00Z'));
    expect(key.snapshot()).toMatchObject({ name: 'CRM', scopes: ['*:read'], lastUpdated: at('2026-03-02T00:00:00Z') });
    expect(key.allows({ area: 'expenses', access: 'read' })).toBe(true);
    expect(fieldErrorsOf(() => key.change({ expiresAt: null }, made))).toEqual({ expires_at: ['The expiry is set when the key is made: make a new key instead.'] });
    // Sent back as it is, it is no change.
    key.change({ expiresAt: at('2026-04-01T00:00:00Z') }, made);
  });

  it('says its use is worth writing down at most once a minute', () => {
    const key = aKey();
    expect(isUseWorthRecording(key.snapshot(), made)).toBe(true);
    const used = ApiKey.restore({ ...key.snapshot(), lastUsedAt: made });
    expect(isUseWorthRecording(used.snapshot(), new Date(made.getTime() + LAST_USE_PRECISION_MS - 1))).toBe(false);
    expect(isUseWorthRecording(used.snapshot(), new Date(made.getTime() + LAST_USE_PRECISION_MS))).toBe(true);
  });
});
