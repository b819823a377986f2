import cors from '@koa/cors';
import { Middleware } from 'koa';

/** Headers a browser page on another origin may read in answers. */
const EXPOSED = ['X-Total-Count', 'Link', 'ETag', 'X-Request-Id', 'Idempotent-Replayed', 'Content-Disposition', 'Retry-After'];
/** Headers it may send. */
const ALLOWED = ['Authorization', 'Content-Type', 'X-CSRFToken', 'Idempotency-Key', 'If-Match', 'If-None-Match', 'X-Request-Id'];

/**
 * CORS for browser front ends on other origins (`CORS_ORIGINS`): a listed
 * origin is answered with its own name and may send credentials (cookies,
 * Basic); any other origin gets no CORS header at all, so its pages can read
 * nothing. Without a list, nothing is added.
 */
export function corsFor(origins: readonly string[]): Middleware {
  const listed = new Set(origins);
  return cors({
    origin: (ctx) => (listed.has(ctx.get('Origin')) ? ctx.get('Origin') : ''),
    credentials: true,
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ALLOWED,
    exposeHeaders: EXPOSED,
    maxAge: 600,
  });
}
