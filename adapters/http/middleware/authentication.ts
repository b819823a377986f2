import { Context, Next } from 'koa';
import { timingSafeEqual } from 'node:crypto';
import { AuthenticateApiKey } from '../../../application/api-key/authenticate-api-key.use-case';
import { Authenticate } from '../../../application/auth/authenticate.use-case';
import { AuthenticationFailed, NotAuthenticated } from '../../../application/shared/errors';
import { Actor } from '../../../application/shared/actor';
import { Allowance } from '../../../application/shared/ports';
import { Preread } from '../../../application/shared/preread';
import { PermissionDenied } from '../../../domain/shared/errors';
import { setHeader } from './request-context';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

export interface Authenticated {
  actor: Actor;
  scheme: 'basic' | 'session' | 'apiKey';
  sessionToken: string | null;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface AuthenticationOptions {
  /** The expense action endpoint changes state on GET, so it wants the CSRF header then too. */
  csrfOnEveryMethod?: boolean;
  /** Let anonymous requests through (invitation accept); bad credentials are still a 401. */
  optional?: boolean;
  /** What the request reads first, read with the credentials where the storage can. */
  preread?: PrereadOf;
}

/** The `Preread` of a request, from its route and path. */
export type PrereadOf = (ctx: Context) => Preread | undefined;

/**
 * HTTP Basic (checked first, as its challenge is the one a 401 carries), an
 * API key (`Bearer`, or `Token` as DRF's TokenAuthentication sends it), or
 * the `sessionid` cookie. A cookie-authenticated unsafe request must echo the
 * `csrftoken` cookie in `X-CSRFToken` (double submit, bound to the session);
 * a key, like Basic, involves no cookie and needs no CSRF token.
 */
export function authenticated(authenticate: Authenticate, authenticateKey: AuthenticateApiKey, options: AuthenticationOptions = {}) {
  return async function requireCredentials(ctx: Context, next: Next): Promise<void> {
    const parts = authorizationParts(ctx.get('Authorization'));
    const basic = basicCredentialsOf(parts);
    const preread = options.preread?.(ctx);
    const key = basic ? null : apiKeyOf(parts);
    if (key !== null) {
      const { actor, allowance } = await authenticateKey.execute(key, ctx.ip, preread);
      if (isNearExhaustion(allowance)) setRateLimitHeaders(ctx, allowance);
      ctx.state.auth = { actor, scheme: 'apiKey', sessionToken: null } satisfies Authenticated;
      return next();
    }
    if (basic) {
      const actor = await authenticate.withPassword({ email: basic.email, password: basic.password, clientAddress: ctx.ip }, preread);
      ctx.state.auth = { actor, scheme: 'basic', sessionToken: null } satisfies Authenticated;
      return next();
    }
    const token = ctx.cookies.get(SESSION_COOKIE);
    const session = token ? await authenticate.withSession(token, preread) : null;
    if (!token || !session) {
      if (options.optional) return next();
      throw new NotAuthenticated();
    }
    if (UNSAFE_METHODS.has(ctx.method) || options.csrfOnEveryMethod) {
      assertCsrf(ctx.get(CSRF_HEADER), ctx.cookies.get(CSRF_COOKIE), session.csrfToken);
    }
    ctx.state.auth = { actor: { personId: session.personId, preread: session.preread }, scheme: 'session', sessionToken: token } satisfies Authenticated;
    return next();
  };
}

/** An `Authorization` header's scheme and what follows it, split once for every scheme that reads it. */
function authorizationParts(header: string): string[] {
  return header.trim().split(/\s+/);
}

/** DRF's BasicAuthentication: null when the header is not Basic at all. */
export function readBasicCredentials(header: string): { email: string; password: string } | null {
  return basicCredentialsOf(authorizationParts(header));
}

function basicCredentialsOf(parts: string[]): { email: string; password: string } | null {
  if (parts[0]?.toLowerCase() !== 'basic') return null;
  if (parts.length === 1) throw new AuthenticationFailed('Invalid basic header. No credentials provided.');
  if (parts.length > 2) {
    throw new AuthenticationFailed('Invalid basic header. Credentials string should not contain spaces.');
  }
  const encoded = parts[1];
  if (encoded.length % 4 !== 0 || !BASE64.test(encoded)) {
    throw new AuthenticationFailed('Invalid basic header. Credentials not correctly base64 encoded.');
  }
  const decoded = decodeCredentials(Buffer.from(encoded, 'base64'));
  // As DRF: no colon means an empty password, which then simply fails to authenticate.
  const colon = decoded.indexOf(':');
  if (colon < 0) return { email: decoded, password: '' };
  return { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Whether an answer within the limit tells what is left of it: once half the
 * window's requests are used. The draft lets a server leave the fields out
 * while a quota is far from exhausted (its "Performance Considerations"):
 * three header fields on every keyed answer were most of what a keyed `/me/`
 * cost beyond Basic's, 1.6 KB of garbage among it (docs/performance.md), to
 * tell a client that nothing constrains it yet. A 429 always carries them
 * (`error-handler.ts`).
 */
function isNearExhaustion(allowance: Allowance): boolean {
  return allowance.remaining * 2 <= allowance.limit;
}

/** What is left of a limit, as the IETF's RateLimit header fields write it (draft-ietf-httpapi-ratelimit-headers). */
export function setRateLimitHeaders(ctx: Context, allowance: Allowance): void {
  setHeader(ctx, 'RateLimit-Limit', String(allowance.limit));
  setHeader(ctx, 'RateLimit-Remaining', String(allowance.remaining));
  setHeader(ctx, 'RateLimit-Reset', String(allowance.resetSeconds));
}

/** The key of `Authorization: Bearer <key>` or `Token <key>`; null when the header is neither scheme. */
function apiKeyOf(parts: string[]): string | null {
  const scheme = parts[0]?.toLowerCase();
  if (scheme !== 'bearer' && scheme !== 'token') return null;
  // DRF's TokenAuthentication's messages.
  if (parts.length === 1) throw new AuthenticationFailed('Invalid token header. No credentials provided.', 'Bearer');
  if (parts.length > 2) throw new AuthenticationFailed('Invalid token header. Token string should not contain spaces.', 'Bearer');
  return parts[1];
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8, or latin-1 when the bytes are not UTF-8 (DRF's fallback). */
function decodeCredentials(bytes: Buffer): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

function assertCsrf(header: string, cookie: string | undefined, expected: string): void {
  if (!header || !cookie || !equal(header, cookie) || !equal(cookie, expected)) {
    throw new PermissionDenied('CSRF Failed: CSRF token missing or incorrect.');
  }
}

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function authOf(ctx: Context): Authenticated {
  const auth = ctx.state.auth as Authenticated | undefined;
  if (!auth) throw new NotAuthenticated();
  return auth;
}

export function actorOf(ctx: Context): Actor {
  return authOf(ctx).actor;
}
