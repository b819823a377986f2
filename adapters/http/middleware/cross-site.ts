import { Context, Middleware, Next } from 'koa';
import { PermissionDenied } from '../../../domain/shared/errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface CrossSiteOptions {
  /** Origins besides the service's own whose pages may change state (`CSRF_TRUSTED_ORIGINS`). */
  trustedOrigins: readonly string[];
  /** Check safe methods too (the expense action changes state on GET). */
  everyMethod?: boolean;
}

/**
 * Refuses a state-changing request that a browser sent from another site,
 * whatever the credentials: cookies have their CSRF token, but a browser that
 * holds Basic credentials (after a 401's challenge) sends them with a
 * cross-site form or link too, and login, sign-up and invitation accept carry
 * no credentials at all. Browsers say where a request comes from
 * (`Sec-Fetch-Site`, `Origin`); API clients send neither and pass, as does a
 * page of the service itself or of a trusted origin. Django's words.
 */
export function refuseCrossSite(options: CrossSiteOptions): Middleware {
  return async function crossSite(ctx: Context, next: Next): Promise<void> {
    if (UNSAFE_METHODS.has(ctx.method) || options.everyMethod) {
      const origin = ctx.get('Origin');
      const own = ctx.state.origin as string;
      if (origin && origin !== own && !options.trustedOrigins.includes(origin)) {
        throw new PermissionDenied(`CSRF Failed: Origin checking failed - ${origin} does not match any trusted origins.`);
      }
      if (!origin && ctx.get('Sec-Fetch-Site') === 'cross-site') {
        throw new PermissionDenied('CSRF Failed: Referer checking failed - the request came from another site.');
      }
    }
    await next();
  };
}
