import { Context } from 'koa';
import { StartedSession } from '../../../application/auth/auth.ports';
import { CSRF_COOKIE, SESSION_COOKIE } from '../middleware/authentication';

export const COOKIE_SECURE = Symbol.for('CookieSecure');

/** `sessionid` (HttpOnly) and `csrftoken` (readable by scripts), both SameSite=Lax. */
export function setSessionCookies(ctx: Context, session: StartedSession, alwaysSecure: boolean): void {
  const secure = alwaysSecure || ctx.secure;
  // Behind a TLS-terminating proxy the socket is plain; the cookie is still marked Secure.
  if (secure) (ctx.cookies as unknown as { secure: boolean }).secure = true;
  const common = { path: '/', sameSite: 'lax' as const, secure, expires: session.expiresAt, overwrite: true };
  ctx.cookies.set(SESSION_COOKIE, session.token, { ...common, httpOnly: true });
  ctx.cookies.set(CSRF_COOKIE, session.csrfToken, { ...common, httpOnly: false });
}

export function clearSessionCookies(ctx: Context): void {
  for (const name of [SESSION_COOKIE, CSRF_COOKIE]) ctx.cookies.set(name, null, { path: '/', overwrite: true });
}
