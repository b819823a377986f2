import { Container } from 'inversify';
import Koa from 'koa';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { createHttpApp } from '../adapters/http/app';
import { HttpMetrics } from '../adapters/http/middleware/metrics';
import { S3FileStorage } from '../adapters/file-storage/s3-file-storage';
import { WEBHOOK_TOKENS, WebhookQueue } from '../application/webhook/webhook.ports';
import { AuthGuard, HTTP_TOKENS, HttpController } from '../adapters/http/shared/controller';
import { migrateExclusively, TypeOrmDatabase } from '../adapters/persistence/typeorm/engine';
import { createDataSource, dialectOf, sqliteFileOf } from '../adapters/persistence/typeorm/data-source';
import { LimiterStore, PostgresLimiterStore, RedisLimiterStore, SqliteLimiterStore } from '../adapters/security/limiter-store';
import { DependencyOutage } from '../adapters/system/dependency-outage';
import { Logger } from '../adapters/system/logger';
import { OutboxWorker } from '../adapters/system/outbox-worker';
import { SweepsInTurn } from '../adapters/system/sweeps-in-turn';
import { PurgeClosedOrganisations } from '../application/organisation/purge-closed-organisations.use-case';
import { RunImports } from '../application/import/run-imports.use-case';
import { DeliverNotifications } from '../application/notification/deliver-notifications.use-case';
import { NOTIFICATION_TOKENS, NotificationQueue } from '../application/notification/notification.ports';
import { DeliverWebhooks } from '../application/webhook/deliver-webhooks.use-case';
import { PruneOutboxLog } from '../application/shared/prune-outbox-log';
import { SweepFileRemovals } from '../application/shared/sweep-file-removals.use-case';
import { OutboxMailer } from '../adapters/system/outbox-mailer';
import { SmtpMailer } from '../adapters/system/smtp-mailer';
import { FILE_STORAGE_TOKENS, FileStorage } from '../application/shared/file-storage';
import { IdempotentRequests } from '../application/shared/idempotency';
import { ListRecordHistory } from '../application/shared/list-history.use-case';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../application/shared/ports';
import { Mailer } from '../application/organisation/organisation.ports';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AppConfig } from './config';
import { buildContainer, ContainerParts } from './container';
import { developmentEncryptionKey } from './development-secrets';

export interface Application {
  app: Koa;
  container: Container;
  dataSource: DataSource;
  /** Closes the database. */
  close(): Promise<void>;
}

export interface BootstrapOptions extends Partial<Omit<ContainerParts, 'config' | 'storage'>> {
  config: AppConfig;
  logger: Logger;
  /** Postgres: the schema to use (tests isolate each file in its own). */
  schema?: string;
  isDraining?: () => boolean;
  /** Apply pending migrations first (default); a cluster's workers leave it to the primary. */
  migrate?: boolean;
  /** Whether this process delivers webhooks (default: the configuration's `WEBHOOK_DELIVERY`). */
  deliverWebhooks?: boolean;
}

/** Opens the database, applies pending migrations, wires the container and the Koa app. */
export async function bootstrap(options: BootstrapOptions): Promise<Application> {
  const { config, logger } = options;
  privateDirectory(config.dataDir);
  const settings = { url: config.databaseUrl, dataDir: config.dataDir, schema: options.schema };
  const postgres = dialectOf(config.databaseUrl) === 'postgres';
  // Migrations (and the wait for another instance's) are not held to a request's bounds: on Postgres they
  // run on connections of their own, closed before the bounded ones serve.
  if (postgres && options.migrate !== false) await migrated(createDataSource(settings), undefined);
  const dataSource = createDataSource({ ...settings, bounds: config.databaseBounds });
  await dataSource.initialize();
  // A cluster's workers find the schema migrated by their primary.
  if (!postgres && options.migrate !== false) await migrated(dataSource, sqliteFile(config), { keepOpen: true });
  const database = new TypeOrmDatabase(dataSource, dialectOf(config.databaseUrl), { pipelines: config.databasePipelines });
  const encryptionKey =
    options.encryptionKey ??
    (config.fieldEncryptionKey ? Buffer.from(config.fieldEncryptionKey, 'base64') : developmentEncryptionKey(config.dataDir));
  const mailer = options.mailer ?? mailerFor(config, logger);
  const limiters = options.limiters ?? limiterStoreFor(config, database, logger);
  await limiters.opened?.();
  const container = await buildContainer({ ...options, config, storage: { kind: 'typeorm', database }, encryptionKey, mailer, limiters });
  const files = Object.values(FILE_STORAGE_TOKENS).map((token) => container.get<FileStorage & { close?(): void }>(token));
  const bucket = files.find((storage) => storage instanceof S3FileStorage);
  const databaseOutage = databaseOutageOf(dataSource, logger);
  const app = createHttpApp({
    logger,
    controllers: container.getAll<HttpController>(HTTP_TOKENS.Controller),
    guard: container.get(AuthGuard),
    idempotentRequests: container.get(IdempotentRequests),
    unitOfWork: container.get<UnitOfWork>(SHARED_TOKENS.UnitOfWork),
    history: container.get(ListRecordHistory),
    readiness: async () => ({ pendingMigrations: await pendingMigrations(dataSource) }),
    // Without a token nobody may read them: nothing is counted, and prom-client is not loaded.
    metrics: config.metricsToken
      ? {
          metrics: new HttpMetrics({
            connections: () => database.connectionStats(),
            webhookBacklog: () => container.get<WebhookQueue>(WEBHOOK_TOKENS.WebhookQueue).backlog(),
            limiterOutage: limiters.outage ? () => limiters.outage!.stats() : undefined,
            databaseOutage: () => databaseOutage.stats(),
            notificationBacklog: () => container.get<NotificationQueue>(NOTIFICATION_TOKENS.NotificationQueue).backlog(),
            fileStorage: bucket ? () => bucket.availability.stats() : undefined,
          }),
          token: config.metricsToken,
        }
      : undefined,
    version: serviceVersion(),
    trustProxy: config.trustProxy,
    isDraining: options.isDraining,
    hsts: config.cookieSecure,
    publicOrigin: config.publicOrigin,
    trustedOrigins: config.csrfTrustedOrigins,
    corsOrigins: config.corsOrigins,
    databaseOutage,
  });
  // E-mails go out where webhooks do (WEBHOOK_DELIVERY), by the same kind of worker over their own outbox; the webhooks'
  // also deletes the closed organisations whose grace period is over, and sweeps the stored files nothing references.
  // Background imports run there too, claimed by the same kind of worker.
  const clock = container.get<Clock>(SHARED_TOKENS.Clock);
  const workers = [
    new OutboxWorker(container.get(DeliverWebhooks), new PruneOutboxLog(container.get<WebhookQueue>(WEBHOOK_TOKENS.WebhookQueue), clock), logger, {
      what: 'webhook',
      pollMs: config.webhooks.pollMs,
      databaseOutage,
      sweep: new SweepsInTurn([container.get(PurgeClosedOrganisations), container.get(SweepFileRemovals)]),
    }),
    new OutboxWorker(container.get(DeliverNotifications), new PruneOutboxLog(container.get<NotificationQueue>(NOTIFICATION_TOKENS.NotificationQueue), clock), logger, { what: 'e-mail', pollMs: config.webhooks.pollMs, databaseOutage }),
    // Background imports, claimed as deliveries are: one at a time per process (each is a long run of writes); nothing to prune.
    new OutboxWorker(container.get(RunImports), { execute: async () => false }, logger, { what: 'import', pollMs: config.webhooks.pollMs, maxInFlight: 1, databaseOutage }),
  ];
  if (options.deliverWebhooks ?? config.webhooks.deliver) for (const worker of workers) worker.start();
  const close = async () => {
    // A background import stops after its chunk and lets its claim go, rather than hold the shutdown for minutes.
    container.get(RunImports).stop();
    await Promise.all(workers.map((worker) => worker.stop()));
    databaseOutage.close();
    await limiters.close();
    for (const storage of files) storage.close?.(); // the S3 client's connections (shared: closing twice is harmless)
    await database.close();
  };
  return { app, container, dataSource, close };
}

/** `dataSource` with its pending migrations applied; closed after (or on a failure, always). */
async function migrated(dataSource: DataSource, file: string | undefined, options: { keepOpen?: boolean } = {}): Promise<void> {
  if (!dataSource.isInitialized) await dataSource.initialize();
  let failed = true;
  try {
    await migrateExclusively(dataSource, file);
    failed = false;
  } finally {
    if (failed || !options.keepOpen) await dataSource.destroy();
  }
}

/** The SQLite database file, or undefined for Postgres and an in-memory database. */
export function sqliteFile(config: AppConfig): string | undefined {
  if (dialectOf(config.databaseUrl) === 'postgres') return undefined;
  const file = sqliteFileOf({ url: config.databaseUrl, dataDir: config.dataDir });
  return file === ':memory:' ? undefined : file;
}

/**
 * Where rate limits count, shared by every instance: Redis when `REDIS_URL`
 * is set, else the database (Postgres), else a SQLite file beside the data.
 */
function limiterStoreFor(config: AppConfig, database: TypeOrmDatabase, logger: Logger): LimiterStore {
  if (config.redisUrl) {
    const { commandMs, connectMs } = config.redisTimeouts;
    return new RedisLimiterStore(config.redisUrl, { commandTimeoutMs: commandMs, connectTimeoutMs: connectMs, logger });
  }
  if (database.dialect === 'postgres') return new PostgresLimiterStore((database.dataSource.driver as unknown as { master: Pool }).master);
  const file = path.join(config.dataDir, 'limits.sqlite');
  const store = new SqliteLimiterStore(file);
  chmodSync(file, 0o600);
  return store;
}

/**
 * The database's outages, said once each (a warning as one begins, a line as it ends) and counted for the metrics:
 * a request answered 503 begins one, and a statement that succeeds, asked every second meanwhile, ends it.
 */
function databaseOutageOf(dataSource: DataSource, logger: Logger): DependencyOutage {
  return new DependencyOutage(logger, {
    says: {
      begins: 'The database is unavailable: requests that need it are answered 503 until it is back.',
      ends: 'The database is back.',
    },
    probe: { check: () => dataSource.query('SELECT 1'), everyMs: 1000 },
  });
}

/** SMTP when `SMTP_URL` is set, otherwise the development outbox in the data directory. */
function mailerFor(config: AppConfig, logger: Logger): Mailer {
  if (config.smtpUrl) return new SmtpMailer({ url: config.smtpUrl, from: config.mailFrom }, logger);
  return new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, logger);
}

/**
 * The data directory holds the database, receipts, mail and development
 * secrets: only the service's user may enter it, whatever the umask made of
 * it or of what an older version left inside.
 */
function privateDirectory(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  chmodSync(directory, 0o700);
}

/** How many of this version's migrations the database has not applied (throws when it does not answer). */
async function pendingMigrations(dataSource: DataSource): Promise<number> {
  const table = dataSource.options.migrationsTableName ?? 'migrations';
  const applied = new Set(((await dataSource.query(`SELECT name FROM ${table}`)) as { name: string }[]).map((row) => row.name));
  return dataSource.migrations.filter((migration) => !applied.has(migration.name ?? migration.constructor.name)).length;
}

/** The `version` of the service's package.json, found from here up (the sources and the build sit at different depths). */
function serviceVersion(): string {
  for (let directory = __dirname; ; directory = path.dirname(directory)) {
    const file = path.join(directory, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
    if (path.dirname(directory) === directory) return 'unknown';
  }
}
