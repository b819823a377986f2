import Koa, { Context, Next } from 'koa';
import { Logger } from '../system/logger';
import { MethodNotAllowed, RouteNotFound } from './http-errors';
import { IdempotentRequests } from '../../application/shared/idempotency';
import { UnitOfWork } from '../../application/shared/ports';
import { ListRecordHistory } from '../../application/shared/list-history.use-case';
import { corsFor } from './middleware/cors';
import type { HttpMetrics } from './middleware/metrics';
import { DatabaseOutageReport, errorHandler, logFailedResponse } from './middleware/error-handler';
import { idempotentCreate } from './middleware/idempotency';
import { answersTogether, jsonOnce, requestId, requestLog, securityHeaders } from './middleware/request-context';
import { AuthGuard, HttpController } from './shared/controller';
import { answers } from './shared/answers';
import { Routes } from './shared/routes';
import { wireSchema as s } from './shared/wire-schema';

export interface HttpAppOptions {
  logger: Logger;
  controllers: HttpController[];
  /** The credentials check of every operation that takes credentials. */
  guard: AuthGuard;
  /** For `/readyz`: whether the database answers (it throws if not), and how many migrations it lacks. */
  readiness: () => Promise<{ pendingMigrations: number }>;
  /** The service's version, shown by `/readyz`. */
  version: string;
  /** Trust `X-Forwarded-*` from a reverse proxy. */
  trustProxy: boolean;
  /** Set while the server drains: `/readyz` answers 503 (the server itself closes each connection with its last answer). */
  isDraining?: () => boolean;
  /** Send `Strict-Transport-Security` (the service is reached over HTTPS: its cookies are Secure). */
  hsts: boolean;
  /** The origin of links in answers; absent: the request's own (scheme and `Host`). */
  publicOrigin?: string;
  /** Origins besides the service's own whose browser pages may change state. */
  trustedOrigins?: readonly string[];
  /** Origins whose browser pages may call the API (CORS), credentials included. */
  corsOrigins?: readonly string[];
  /** Creates under an `Idempotency-Key` run once (absent: the header is ignored). */
  idempotentRequests?: IdempotentRequests;
  /** Where a write's `If-Match` is checked with the write (absent: the header is ignored). */
  unitOfWork?: UnitOfWork;
  /** Records' histories (absent: no `history/` routes). */
  history?: ListRecordHistory;
  /** Prometheus metrics, and the token `GET /metrics` takes (absent: not served). */
  metrics?: { metrics: HttpMetrics; token?: string };
  /** Told of each request answered 503 because the database is away. */
  databaseOutage?: DatabaseOutageReport;
}

export function createHttpApp(options: HttpAppOptions): Koa {
  const app = new Koa({ proxy: options.trustProxy });
  // Errors are answered and logged by errorHandler; Koa reports only those of a body already streaming.
  app.on('error', logFailedResponse(options.logger));

  const idempotency = options.idempotentRequests && idempotentCreate(options.idempotentRequests, options.logger, options.databaseOutage);
  const routes = new Routes(options.guard, {
    // A front end allowed to call the API from its origin may also change state (with the CSRF token).
    trustedOrigins: [...(options.trustedOrigins ?? []), ...(options.corsOrigins ?? [])],
    idempotency,
    unitOfWork: options.unitOfWork,
    history: options.history,
  });
  routes.add({
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness',
    description: 'Answers 200 while the process serves requests: for a load balancer or an orchestrator. No credentials.',
    credentials: 'none',
    answers: [answers.ok(HEALTH_SCHEMA)],
    handle: (ctx) => {
      ctx.body = { status: 'ok' };
    },
  });
  routes.add({
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness',
    description: 'Whether the instance should get traffic: 200 when the database answers and no migration is pending, 503 while draining or otherwise, with the version. No credentials.',
    credentials: 'none',
    answers: [
      answers.ok(READINESS_SCHEMA),
      {
        status: 503,
        description: 'The database does not answer, lacks migrations this version needs, or the instance is shutting down.',
        json: READINESS_SCHEMA,
      },
    ],
    handle: async (ctx) => {
      // A draining instance says so, and a load balancer stops sending it requests.
      const state = await within(READINESS_TIMEOUT_MS, options.readiness()).catch(() => null);
      const ready = !options.isDraining?.() && state !== null && state.pendingMigrations === 0;
      ctx.status = ready ? 200 : 503;
      ctx.body = { status: ready ? 'ready' : 'unavailable', version: options.version, pending_migrations: state?.pendingMigrations ?? null };
    },
  });
  for (const controller of options.controllers) controller.register(routes);

  app.use(requestId);
  app.use(requestLog(options.logger));
  app.use(answersTogether);
  app.use(jsonOnce);
  if (options.metrics) {
    app.use(options.metrics.metrics.timing());
    if (options.metrics.token) app.use(options.metrics.metrics.endpoint(options.metrics.token));
  }
  if (options.corsOrigins?.length) app.use(corsFor(options.corsOrigins));
  app.use(errorHandler(options.logger, options.databaseOutage));
  app.use(securityHeaders({ hsts: options.hsts }));
  app.use(async (ctx: Context, next: Next) => {
    // A configured address, not the Host header a client chose, is where links point.
    ctx.state.origin = options.publicOrigin ?? `${ctx.protocol}://${ctx.host}`;
    await next();
  });
  app.use(routes.dispatch());
  app.use(unmatched);
  return app;
}

const HEALTH_SCHEMA = s.named('Health', s.object<{ status: string }>({ status: s.choice(['ok']) }));
const READINESS_SCHEMA = s.named(
  'Readiness',
  s.object<{ status: string; version: string; pending_migrations: number | null }>({
    status: s.choice(['ready', 'unavailable']),
    version: s.text(),
    // null when the database did not answer.
    pending_migrations: s.nullable(s.integer({ min: 0 })),
  }),
);

/** No route answered: 405 when the path exists for other methods, else 404. */
async function unmatched(ctx: Context): Promise<void> {
  const layers = (ctx.matched ?? []) as { methods: string[] }[];
  const allowed = [...new Set(layers.flatMap((layer) => layer.methods))];
  if (allowed.length === 0) throw new RouteNotFound();
  if (ctx.method === 'OPTIONS') {
    ctx.status = 204;
    ctx.set('Allow', [...allowed, 'OPTIONS'].join(', '));
    return;
  }
  throw new MethodNotAllowed(ctx.method, allowed);
}

/** The longest `/readyz` waits for the database: a prober's own timeout is often 1–5 s, and silence reads as a hang. */
const READINESS_TIMEOUT_MS = 2000;

/** `work`, or a rejection once `ms` have passed without its answer. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
