import { Layer } from '@koa/router';
import { Context, Middleware } from 'koa';
import { Actor, actingOf } from '../../../application/shared/actor';
import { Preread } from '../../../application/shared/preread';
import { NotFound } from '../../../domain/shared/errors';
import { unstorableTextProblems } from '../../../domain/shared/field-messages';
import { actingContext } from '../../system/acting-context';
import { PrereadOf } from '../middleware/authentication';
import { Operation } from './operation';

/* The steps `Routes.add` composes a route of, besides the shared middleware (credentials, bodies, ETags). */

/** What the router gives the context as a request enters one of its routes: the route, and its path values. */
export function entering(layer: Layer): Middleware {
  return (ctx, next) => {
    const routed = ctx as Context & { params?: Record<string, string>; captures?: string[]; routerPath?: string; routerName?: string; _matchedRoute?: string | RegExp };
    const path = ctx.path;
    routed.captures = layer.captures(path);
    routed.params = (ctx.request as { params?: Record<string, string> }).params = layer.params(path, routed.captures, routed.params);
    routed.routerPath = layer.path as string;
    routed.routerName = layer.name;
    routed._matchedRoute = layer.path;
    return next();
  };
}

const ORGANISATION_PATH = '/organisation/:org/';

/** What an operation reads first, if the credentials' check can bring it (see `Preread`). */
export function prereadOf(operation: Operation): PrereadOf | undefined {
  if (operation.preread === 'profile') return () => PROFILE;
  if (!operation.path.includes(ORGANISATION_PATH)) return undefined;
  return (ctx) => {
    const org = (ctx as Context & { params?: Record<string, string> }).params?.org;
    // A path value that cannot be stored is a 404 (storablePathValues), never a read.
    return org && unstorableTextProblems(org).length === 0 ? { organisation: org } : undefined;
  };
}

const PROFILE: Preread = { profile: true };

/**
 * A path value no database can hold (a NUL, a lone surrogate) names no record
 * and no organisation: 404 at once, as DRF's lookup answers, before any query
 * (Postgres refuses such text with an error rather than finding nothing).
 */
export const storablePathValues: Middleware = (ctx, next) => {
  const params = (ctx as Context & { params?: Record<string, string> }).params ?? {};
  if (Object.values(params).some((value) => unstorableTextProblems(value).length > 0)) throw new NotFound();
  return next();
};

/**
 * Whether an operation may change what is stored: every method but GET, and a
 * GET that changes state (the expense action's, which asks for CSRF checks too).
 * Only these carry the acting person (`actingPerson`): the others record no history.
 */
export function mayChange(operation: Operation): boolean {
  return operation.method !== 'GET' || operation.csrfOnEveryMethod === true;
}

/** The rest of the request runs as its authenticated person (and key): the history records who changed what. */
export const actingPerson: Middleware = (ctx, next) => {
  const actor = (ctx.state.auth as { actor?: Actor } | undefined)?.actor;
  return actor ? actingContext.run(actingOf(actor), next) : next();
};
