import { timingSafeEqual, createHash } from 'node:crypto';
import { Context, Middleware, Next } from 'koa';
import type { Histogram, Registry } from 'prom-client';

export interface MetricSources {
  /** The database's connections (SQLite: its one writer and the work waiting for it). */
  connections(): { busy: number; idle: number; waiting: number };
  /** Webhook deliveries pending. */
  webhookBacklog(): Promise<number>;
  /** Notification e-mails pending. */
  notificationBacklog(): Promise<number>;
  /** Whether the rate-limit store (Redis) is away, and the counts made in this process alone meanwhile; absent for a store that cannot be. */
  limiterOutage?(): { away: boolean; failures: number };
  /** Whether the database is away, and the requests answered 503 for it. */
  databaseOutage?(): { away: boolean; failures: number };
  /** Whether the file storage (S3) is away, and the operations that failed because it did not answer; absent for local disk. */
  fileStorage?(): { away: boolean; failures: number };
}

/**
 * Prometheus metrics (prom-client): request durations by route pattern,
 * method and status, the database's connections, the webhook and e-mail
 * backlogs, the outages of the database, the rate-limit store and the file
 * storage, and the process's own (event-loop lag, heap, CPU). Per process: with
 * `WORKERS` above 1 each worker answers for itself.
 */
export class HttpMetrics {
  readonly registry: Registry;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;

  constructor(sources: MetricSources) {
    // Loaded only when metrics are served (METRICS_TOKEN): other servers never hold prom-client and
    // @opentelemetry/api, which it loads, in memory (docs/performance.md).
    const { collectDefaultMetrics, Gauge, Histogram, Registry } = require('prom-client') as typeof import('prom-client');
    this.registry = new Registry();
    collectDefaultMetrics({ register: this.registry });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern (unmatched: "none"), method and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    const connections = (state: 'busy' | 'idle' | 'waiting') =>
      new Gauge({
        name: `db_connections_${state}`,
        help: { busy: 'Database connections at work.', idle: 'Database connections idle.', waiting: 'Units of work waiting for a connection (SQLite: for the writer).' }[state],
        registers: [this.registry],
        collect() {
          this.set(sources.connections()[state]);
        },
      });
    connections('busy');
    connections('idle');
    connections('waiting');
    this.backlog('webhook_deliveries_pending', 'Webhook deliveries not yet delivered or given up.', sources.webhookBacklog.bind(sources), sources);
    this.backlog('notification_emails_pending', 'Notification e-mails not yet sent or given up.', sources.notificationBacklog.bind(sources), sources);
    this.outage(sources.limiterOutage?.bind(sources), {
      gauge: 'rate_limit_store_unavailable',
      gaugeHelp: 'Whether the rate-limit store (Redis) is away, so that this process counts the limits alone (1) or not (0).',
      counter: 'rate_limit_fallbacks_total',
      counterHelp: 'Rate-limit counts made in this process alone because the store (Redis) was away.',
    });
    this.outage(sources.databaseOutage?.bind(sources), {
      gauge: 'database_unavailable',
      gaugeHelp: 'Whether the database is away, as this process last saw it (1) or not (0).',
      counter: 'database_unavailable_responses_total',
      counterHelp: 'Requests answered 503 because the database was away.',
    });
    this.outage(sources.fileStorage?.bind(sources), {
      gauge: 'file_storage_unavailable',
      gaugeHelp: 'Whether the file storage (S3) did not answer the last operation that tried it (1) or did (0).',
      counter: 'file_storage_failures_total',
      counterHelp: 'File storage operations (an upload, a download, a removal) that failed because the store did not answer.',
    });
  }

  /** An outbox's backlog; while the database is away it keeps its last value: a scrape neither waits for it nor fails with it. */
  private backlog(name: string, help: string, read: () => Promise<number>, sources: MetricSources): void {
    const { Gauge } = require('prom-client') as typeof import('prom-client');
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        if (sources.databaseOutage?.().away) return;
        await read().then(
          (backlog) => this.set(backlog),
          () => undefined,
        );
      },
    });
  }

  /** A dependency's outage as a gauge (away: 1) and a counter of what it cost. */
  private outage(
    stats: (() => { away: boolean; failures: number }) | undefined,
    names: { gauge: string; gaugeHelp: string; counter: string; counterHelp: string },
  ): void {
    if (!stats) return;
    const { Counter, Gauge } = require('prom-client') as typeof import('prom-client');
    new Gauge({
      name: names.gauge,
      help: names.gaugeHelp,
      registers: [this.registry],
      collect() {
        this.set(stats().away ? 1 : 0);
      },
    });
    let reported = 0;
    new Counter({
      name: names.counter,
      help: names.counterHelp,
      registers: [this.registry],
      collect() {
        const { failures } = stats();
        this.inc(failures - reported);
        reported = failures;
      },
    });
  }

  /** Times every request; the route is the pattern, so that ids do not make a series each. */
  timing(): Middleware {
    return async (ctx: Context, next: Next) => {
      const stop = this.durations.startTimer();
      try {
        await next();
      } finally {
        const route = (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? 'none';
        stop({ method: ctx.method, route, status: String(ctx.status) });
      }
    };
  }

  /**
   * `GET /metrics` with `Authorization: Bearer <METRICS_TOKEN>`; another
   * token or none is a 401. Not part of the API's description: it is the
   * operator's, not a client's.
   */
  endpoint(token: string): Middleware {
    const expected = createHash('sha256').update(token).digest();
    return async (ctx: Context, next: Next) => {
      if (ctx.path !== '/metrics') return next();
      const given = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1] ?? '';
      if (!timingSafeEqual(createHash('sha256').update(given).digest(), expected)) {
        ctx.status = 401;
        ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
        ctx.body = { detail: 'Authentication credentials were not provided.' };
        return;
      }
      ctx.type = this.registry.contentType;
      ctx.body = await this.registry.metrics();
    };
  }
}
