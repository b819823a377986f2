import Router, { Layer } from '@koa/router';
import compose, { ComposedMiddleware } from 'koa-compose';
import { Context, Middleware } from 'koa';
import { ANONYMOUS_BODY_LIMIT, JSON_BODY_LIMIT, readBody } from '../body/read-body';
import { refuseMethod } from '../http-errors';
import { ListRecordHistory } from '../../../application/shared/list-history.use-case';
import { UnitOfWork } from '../../../application/shared/ports';
import { ifMatch, withETag } from '../middleware/conditional';
import { refuseCrossSite } from '../middleware/cross-site';
import { PrereadOf } from '../middleware/authentication';
import { JsonSchema } from '../validation/fields';
import { AuthGuard } from './controller';
import { csvExport, csvTable } from './csv-export';
import { answersOneRecord, Credentials, DocumentedOperation, isCreate, Method, Operation } from './operation';
import { areaOf } from './route-areas';
import { scopeOf, withinKeyScope } from './route-scopes';
import { actingPerson, entering, mayChange, prereadOf, storablePathValues } from './route-steps';
import { WireSchema } from './wire-schema';

type RouterMiddleware = ReturnType<Router['routes']>;

/** What the operations share beyond the router (contract sections 7 and 8). */
export interface RouteServices {
  /** Origins besides the service's own whose browser pages may change state. */
  trustedOrigins?: readonly string[];
  /** What makes a create idempotent under an `Idempotency-Key`, in one transaction with its write when `atomic`. */
  idempotency?: (options: { atomic: boolean }) => Middleware;
  /** Where a write's `If-Match` is checked, in one transaction with the write. */
  unitOfWork?: UnitOfWork;
  history?: ListRecordHistory;
}

/**
 * The routers and the list of operations they serve. Controllers add their
 * operations here; `refuse` adds the 405-only routes, which are not operations.
 *
 * One router per area of paths (`areaOf`): @koa/router tests every route's
 * pattern against every request, which over the API's 150-odd routes costs
 * more than Koa itself; an area holds a dozen. Every
 * route of a path is in its area's router, so 404, 405 and `Allow` are as
 * one router would answer.
 */
export class Routes {
  private readonly declared: DocumentedOperation[] = [];
  private readonly areas = new Map<string, Router>();
  /** The GET handlers by path, for the preconditions of writes. */
  private readonly reads = new Map<string, Operation['handle']>();

  private readonly trustedOrigins: readonly string[];
  private readonly idempotency?: (options: { atomic: boolean }) => Middleware;
  private readonly unitOfWork?: UnitOfWork;
  /** The histories of records, for the `history/` of each (absent: not served). */
  readonly history?: ListRecordHistory;

  constructor(
    private readonly guard: AuthGuard,
    services: RouteServices = {},
  ) {
    this.trustedOrigins = services.trustedOrigins ?? [];
    this.idempotency = services.idempotency;
    this.unitOfWork = services.unitOfWork;
    this.history = services.history;
  }

  get operations(): readonly DocumentedOperation[] {
    return this.declared;
  }

  /** Every area's router. */
  get routers(): readonly Router[] {
    return [...this.areas.values()];
  }

  /**
   * Dispatches a request to the router of its path's area; a path of no area is left to what follows.
   *
   * The area's router finds the routes (`match`), and their middleware,
   * composed once for that list of routes, handles the request. The router's
   * own dispatch composes it anew for every request (an array and a closure
   * for each route, then a compose of them all, besides a read of the Host
   * header and a debug call for each route tested). The
   * context gets what the router's dispatch gives it, each route's path
   * values as the request enters it. A request that no route of its method
   * matches (a 404 or a 405) is the router's own to answer.
   */
  dispatch(): RouterMiddleware & { routes: Routes } {
    const dispatchers = new Map<Router, RouterMiddleware>();
    const chains = new Map<string, ComposedMiddleware<Context>>();
    // Each route's number, by which a list of routes finds its composition.
    const numbers = new WeakMap<Layer, string>();
    let numbered = 0;
    const numberOf = (layer: Layer) => {
      let number = numbers.get(layer);
      if (number === undefined) numbers.set(layer, (number = String(++numbered)));
      return number;
    };
    const dispatch: RouterMiddleware = (ctx, next) => {
      const path = ctx.path;
      const router = this.areas.get(areaOf(path));
      if (!router) return next();
      const matched = router.match(path, ctx.method);
      if (!matched.route) {
        let routed = dispatchers.get(router);
        if (!routed) dispatchers.set(router, (routed = router.routes()));
        return routed(ctx, next);
      }
      const layers = matched.pathAndMethod;
      // One route, but for a create's path, which the 405 of its other methods shares.
      const key = layers.length === 1 ? numberOf(layers[0]) : layers.map(numberOf).join();
      let chain = chains.get(key);
      if (!chain) chains.set(key, (chain = compose(layers.flatMap((layer) => [entering(layer), ...(layer.stack as Middleware[])]))));
      ctx.matched = ctx.matched ? [...ctx.matched, ...matched.path] : matched.path;
      ctx.routeMatched = true;
      (ctx as { router?: Router }).router = router;
      return chain(ctx, next);
    };
    return Object.assign(dispatch, { routes: this });
  }

  private routerOf(path: string): Router {
    const area = areaOf(path);
    if (area.includes(':')) throw new Error(`A route's area must be literal, or no request could find it: ${path}`);
    let router = this.areas.get(area);
    if (!router) this.areas.set(area, (router = new Router({ strict: false })));
    return router;
  }

  add(operation: Operation): void {
    const { handle, ...documented } = operation;
    this.declared.push(documented);
    if (operation.method === 'GET') this.reads.set(operation.path, handle);
    // Each step only where it can do something: the cross-site check where the method changes state, the
    // path's values where it has some (a step costs every request that passes it).
    const changes = mayChange(operation);
    const middleware: Middleware[] = [
      ...(changes ? [refuseCrossSite({ trustedOrigins: this.trustedOrigins, everyMethod: operation.csrfOnEveryMethod })] : []),
      ...this.credentials(operation.credentials, operation.csrfOnEveryMethod, prereadOf(operation)),
      ...(operation.credentials === 'none' ? [] : [withinKeyScope(scopeOf(operation))]),
      ...(changes ? [actingPerson] : []),
      ...(operation.path.includes('/:') ? [storablePathValues] : []),
    ];
    if (operation.body) {
      // Routes open to anonymous callers read small bodies only: nothing is parsed at length for a stranger.
      const limit = (operation.credentials ?? 'required') === 'required' ? JSON_BODY_LIMIT : ANONYMOUS_BODY_LIMIT;
      const { form, multipart, fileLimit } = operation.body;
      middleware.push(readBody({ form, multipart, limit, fileLimit }));
    }
    if (answersOneRecord(operation)) middleware.push(withETag({ notModified: !operation.csrfOnEveryMethod }));
    if (this.idempotency && isCreate(operation)) middleware.push(this.idempotency({ atomic: !operation.slowSideEffects }));
    const { precondition } = operation;
    if (precondition && this.unitOfWork) middleware.push(ifMatch(this.unitOfWork, () => this.reads.get(precondition)));
    if (operation.list) middleware.push(csvExport({ path: operation.path, item: operation.list.item ?? listItemOf(operation), handle }));
    if (operation.table) middleware.push(csvTable({ path: operation.path, ...operation.table }));
    middleware.push((ctx) => handle(ctx));
    this.routerOf(operation.path).register(operation.path, [operation.method], middleware);
  }

  /**
   * Answers 405 to every method on `path` but `allowed`, after the credentials
   * check as DRF authenticates first: without it `…/create/` would be read as
   * the detail of a record named "create".
   */
  refuse(path: string, allowed: Method[], credentials: Credentials = 'required'): void {
    this.routerOf(path).all(path, ...this.credentials(credentials), refuseMethod(allowed));
  }

  private credentials(credentials: Credentials = 'required', csrfOnEveryMethod = false, preread?: PrereadOf): Middleware[] {
    if (credentials === 'none') return [];
    return [this.guard.required({ optional: credentials === 'optional', csrfOnEveryMethod, preread })];
  }
}

/** The schema of one item of a list's page (its `answers.page`). */
function listItemOf(operation: DocumentedOperation): WireSchema<unknown> {
  const page = operation.answers.find((answer) => (answer.json?.json as { type?: string } | undefined)?.type === 'array');
  if (!page?.json) throw new Error(`The list ${operation.path} answers no page`);
  return { json: page.json.json.items as JsonSchema, components: page.json.components };
}

/** The operations the routes serve, as `{method, path}`: HEAD (which mirrors GET) and the 405-only routes left out. */
export function routesOf(routes: Routes): { method: string; path: string }[] {
  const layers = routes.routers.flatMap((router) => router.stack) as unknown as { path: string; methods: string[]; stack: { refusesMethod?: boolean }[] }[];
  return layers
    .filter((layer) => !layer.stack[layer.stack.length - 1]?.refusesMethod)
    .flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: layer.path })));
}
