import Router, { Layer } from '@koa/router';
import compose, { ComposedMiddleware } from 'koa-compose';
import { Context, Middleware } from 'koa';
import { ANONYMOUS_BODY_LIMIT, JSON_BODY_LIMIT, readBody } from '../body/read-body';
import { refuseMethod } from '../http-errors';
import { InputClass } from '../validation/input';
import { ListParameters } from '../validation/query';
import { NotFound } from '../../../domain/shared/errors';
import { unstorableTextProblems } from '../../../domain/shared/field-messages';
import { actingContext } from '../../system/acting-context';
import { ListRecordHistory } from '../../../application/shared/list-history.use-case';
import { UnitOfWork } from '../../../application/shared/ports';
import { Preread } from '../../../application/shared/preread';
import { ifMatch, withETag } from '../middleware/conditional';
import { refuseCrossSite } from '../middleware/cross-site';
import { PrereadOf } from '../middleware/authentication';
import { JsonSchema } from '../validation/fields';
import { AuthGuard } from './controller';
import { csvExport, csvTable } from './csv-export';
import { WireSchema, wireSchema } from './wire-schema';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type RouterMiddleware = ReturnType<Router['routes']>;

/** The areas of the API: one tag each in its description. */
export const TAGS = {
  Auth: 'Sign-up, sessions (log in, log out) and passwords.',
  Profile: "The caller's own profile and picture.",
  Organisations: "The caller's organisations: create, read, update, logo.",
  Members: "An organisation's members and invitations, and accepting an invitation.",
  Expenses: 'Expenses, their receipts, and the actions that move them from draft to paid.',
  Accounts: 'The chart of accounts expenses are booked to.',
  'Sales stages': "The stages of an organisation's sales pipeline.",
  Clients: 'Clients.',
  Leads: 'Leads and their way through the sales stages.',
  Vendors: 'Vendors (suppliers).',
  Contacts: 'Contact groups and the contacts in each.',
  History: "Who changed what: each record's history and an organisation's activity.",
  Webhooks: 'Endpoints that receive the events of an organisation, and their deliveries.',
  Reports: 'Figures over expenses, the pipeline and vendors.',
  Operations: 'Health, readiness, and this description.',
} as const;

export type Tag = keyof typeof TAGS;

const TAG_BY_SEGMENT: Record<string, Tag> = {
  auth: 'Auth',
  me: 'Profile',
  organisations: 'Organisations',
  organisation: 'Organisations',
  members: 'Members',
  invitations: 'Members',
  expenses: 'Expenses',
  accounts: 'Accounts',
  'sales-stages': 'Sales stages',
  clients: 'Clients',
  leads: 'Leads',
  vendors: 'Vendors',
  'contact-groups': 'Contacts',
  activity: 'History',
  webhooks: 'Webhooks',
  reports: 'Reports',
  logo: 'Organisations',
  people: 'Profile',
};

/** The area of an operation: its own `tag`, a record's history, else the path's first resource segment. */
export function tagOf(operation: Pick<DocumentedOperation, 'path' | 'tag'>): Tag {
  if (operation.tag) return operation.tag;
  const { path } = operation;
  if (path.endsWith('/history')) return 'History';
  const segments = path.replace(/^\/api\/v1\.0\//, '').split('/');
  // Under an organisation the segment after its parameter names the area (the organisation itself without one).
  const segment = segments[0] === 'organisation' ? (segments[2] ?? 'organisation') : segments[0];
  return TAG_BY_SEGMENT[segment] ?? 'Operations';
}

/** Response headers the API description names (`components.headers`). */
export type DocumentedHeader = 'X-Total-Count' | 'Link' | 'Set-Cookie' | 'Content-Disposition' | 'Idempotent-Replayed' | 'ETag' | 'Cache-Control';

/** One success answer of an operation. */
export interface Answer {
  status: number;
  description: string;
  /** A JSON body and its schema. */
  json?: WireSchema<unknown>;
  /** A body of another media type (a file, a page), or one besides the JSON (a list's CSV). */
  media?: { types: readonly string[]; description: string };
  /** Headers it carries; `true` when always. */
  headers?: Partial<Record<DocumentedHeader, boolean>>;
}

/**
 * Error statuses an operation answers beyond those its shape implies: every
 * operation with credentials 401, 429 (failed Basic logins are throttled) and,
 * on unsafe methods, 403 (CSRF); with a body 400, 413 and 415; with a path
 * parameter 404; a list 400; every path 405 to the methods it does not take.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503;

/** `required` (the default): Basic or a session; `optional`: anonymous too; `none`: no credentials read. */
export type Credentials = 'required' | 'optional' | 'none';

/** The body an operation takes: its `@Input` class and the content types besides JSON. */
export interface BodyParameters {
  input: InputClass<object>;
  /** `application/x-www-form-urlencoded`. */
  form?: boolean;
  /** `multipart/form-data`, with files. */
  multipart?: boolean;
  /** Bytes of the file in a multipart body, when less than every upload's 10 MiB (413 beyond). */
  fileLimit?: number;
  /**
   * Why the body may be left out, when it may (its fields come from the query
   * too; it is read only without credentials): the API description's words.
   */
  optional?: string;
}

/**
 * One operation, declared where it is registered: what it reads, what it
 * answers and who may call it. The router serves it and the API description
 * is generated from the same declaration, so the two cannot drift.
 */
export interface Operation {
  method: Method;
  path: string;
  /** A few words: what the operation does ("List vendors"). */
  summary: string;
  /** What a caller needs to know beyond the summary: who may call it, what it changes, what it answers. */
  description: string;
  /** The area it belongs to; derived from the path when left out (see `tagOf`). */
  tag?: Tag;
  credentials?: Credentials;
  /** The expense action changes state even on GET: a cookie session shows its CSRF token then too. */
  csrfOnEveryMethod?: boolean;
  body?: BodyParameters;
  /**
   * Fields also read from the query string as a form (the expense action's `action` and `reason`): each value counts as
   * sent, an empty one too. With a body, either may carry each.
   */
  query?: InputClass<object>;
  /** The filters of a read that is not a list (a report), read as a list's are: an empty value filters nothing. */
  filters?: InputClass<object>;
  /** A list: its filters, orderings and paging. */
  list?: ListParameters;
  /** An answer that is also a table (a report): with `format=csv`, these rows of it as a file. */
  table?: { item: WireSchema<unknown>; rows: (body: any) => object[] };
  answers: Answer[];
  errors?: ErrorStatus[];
  /**
   * A create that waits on something outside the database (a password hash,
   * a mail server): under an Idempotency-Key its answer is stored just after
   * its own transactions rather than in one with them (see IdempotentRequests).
   */
  slowSideEffects?: boolean;
  /**
   * A write of one record: the path of the detail GET that answers the
   * record's current representation, whose ETag `If-Match` must name.
   */
  precondition?: string;
  /**
   * The caller's profile is what it reads first: read with the credentials'
   * check (see `Preread`). An operation under `/organisation/:org/` has its
   * organisation read so without saying it.
   */
  preread?: 'profile';
  handle(ctx: Context): Promise<void> | void;
}

export type DocumentedOperation = Omit<Operation, 'handle'>;

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
 * pattern against every request, and over the API's 150-odd routes that cost
 * about 40 µs a request, more than Koa itself; an area holds a dozen. Every
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
   * header and a debug call for each route tested): about 60 000
   * instructions a request, 4 % of a `GET /me/` (docs/performance.md). The
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

/** What the router gives the context as a request enters one of its routes: the route, and its path values. */
function entering(layer: Layer): Middleware {
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
function prereadOf(operation: Operation): PrereadOf | undefined {
  if (operation.preread === 'profile') return () => PROFILE;
  if (!operation.path.includes(ORGANISATION_PATH)) return undefined;
  return (ctx) => {
    const org = (ctx as Context & { params?: Record<string, string> }).params?.org;
    // A path value that cannot be stored is a 404 (storablePathValues), never a read.
    return org && unstorableTextProblems(org).length === 0 ? { organisation: org } : undefined;
  };
}

const PROFILE: Preread = { profile: true };

/** An operation whose success is one record (not a list, a file or nothing): its answers carry an ETag. */
export function answersOneRecord(operation: DocumentedOperation): boolean {
  if (operation.table || operation.list) return false; // a report or a page: not a record to update
  const json = operation.answers[0]?.json?.json as { type?: string } | undefined;
  return json !== undefined && json.type !== 'array';
}

/** The schema of one item of a list's page (its `answers.page`). */
function listItemOf(operation: DocumentedOperation): WireSchema<unknown> {
  const page = operation.answers.find((answer) => (answer.json?.json as { type?: string } | undefined)?.type === 'array');
  if (!page?.json) throw new Error(`The list ${operation.path} answers no page`);
  return { json: page.json.json.items as JsonSchema, components: page.json.components };
}

/** A POST that answers 201: a create, which takes an `Idempotency-Key`. */
export function isCreate(operation: DocumentedOperation): boolean {
  return operation.method === 'POST' && operation.answers.some((answer) => answer.status === 201);
}

const ok = (json: WireSchema<unknown>, headers?: Answer['headers']): Answer => ({ status: 200, description: 'OK', json, headers });

/** The answers most operations give. */
export const answers = {
  ok,
  created: (json: WireSchema<unknown>, headers?: Answer['headers']): Answer => ({ status: 201, description: 'Created', json, headers }),
  noContent: (headers?: Answer['headers']): Answer => ({ status: 204, description: 'No content', headers }),
  /** A report: its JSON, or with `format=csv` its rows as a file. */
  table: (json: WireSchema<unknown>, description: string): Answer => ({
    status: 200,
    description,
    json,
    media: { types: ['text/csv'], description: 'With `format=csv`: a header row of the columns, then a row per line of the report.' },
    headers: { 'Content-Disposition': false },
  }),
  page: <T>(item: WireSchema<T>): Answer => ({
    status: 200,
    description: 'One page of the list (see the `Link` header for the others); with `format=csv`, every matching item as a file.',
    json: wireSchema.array(item),
    media: { types: ['text/csv'], description: 'A header row of the item’s fields (nested ones as `address.city`), then a row per item.' },
    // A CSV export is not paged: no `Link`.
    headers: { 'X-Total-Count': true, Link: false, 'Content-Disposition': false },
  }),
};

/**
 * The area of a path, the same for a route's pattern and every path it
 * matches: under `organisation/{org}/` the segment after the organisation
 * (`vendors`, or none for the organisation itself), elsewhere the first one
 * after the API's prefix (`me`, `auth`), or the path's first two (`api/schema`,
 * `healthz`). Case-insensitive, as the routes are.
 */
export function areaOf(path: string): string {
  const segments = path.toLowerCase().split('/').filter(Boolean);
  if (segments[0] !== 'api') return segments.slice(0, 2).join('/');
  if (segments[1] !== API_VERSION) return segments.slice(0, 2).join('/');
  if (segments[2] !== 'organisation') return `${API_VERSION}/${segments[2] ?? ''}`;
  return `${API_VERSION}/organisation/${segments[4] ?? ''}`;
}

const API_VERSION = 'v1.0';

/** The operations the routes serve, as `{method, path}`: HEAD (which mirrors GET) and the 405-only routes left out. */
export function routesOf(routes: Routes): { method: string; path: string }[] {
  const layers = routes.routers.flatMap((router) => router.stack) as unknown as { path: string; methods: string[]; stack: { refusesMethod?: boolean }[] }[];
  return layers
    .filter((layer) => !layer.stack[layer.stack.length - 1]?.refusesMethod)
    .flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: layer.path })));
}

/**
 * A path value no database can hold (a NUL, a lone surrogate) names no record
 * and no organisation: 404 at once, as DRF's lookup answers, before any query
 * (Postgres refuses such text with an error rather than finding nothing).
 */
const storablePathValues: Middleware = (ctx, next) => {
  const params = (ctx as Context & { params?: Record<string, string> }).params ?? {};
  if (Object.values(params).some((value) => unstorableTextProblems(value).length > 0)) throw new NotFound();
  return next();
};

/**
 * Whether an operation may change what is stored: every method but GET, and a
 * GET that changes state (the expense action's, which asks for CSRF checks too).
 * Only these carry the acting person (`actingPerson`): the others record no history.
 */
function mayChange(operation: Operation): boolean {
  return operation.method !== 'GET' || operation.csrfOnEveryMethod === true;
}

/** The rest of the request runs as its authenticated person: the history records who changed what. */
const actingPerson: Middleware = (ctx, next) => {
  const personId = (ctx.state.auth as { actor?: { personId: string } } | undefined)?.actor?.personId;
  return personId ? actingContext.run({ personId }, next) : next();
};
