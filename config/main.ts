import 'reflect-metadata';
import cluster, { Worker } from 'node:cluster';
import { AddressInfo } from 'node:net';
import { startServer } from '../adapters/http/server';
import { createDataSource } from '../adapters/persistence/typeorm/data-source';
import { migrateExclusively } from '../adapters/persistence/typeorm/engine';
import { createLogger, Logger } from '../adapters/system/logger';
import { startupFailure } from './startup-failure';
import { bootstrap, sqliteFile } from './bootstrap';
import { AppConfig, loadConfig } from './config';

/** A worker's own drain ends this much before the primary's deadline, so that the primary sees it exit in time. */
const WORKER_DRAIN_MARGIN_MS = 1000;

/**
 * `npm start`: migrate, serve, and on SIGTERM drain in-flight requests before
 * exiting 0. With `WORKERS` above 1 this process is the primary of a cluster:
 * it migrates, forks the workers that share the port, replaces one that dies,
 * and on SIGTERM passes the signal on and exits once every worker has drained.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config, logger);
  return runServer(config, logger);
}

async function runServer(config: AppConfig, logger: Logger): Promise<void> {
  const draining = { value: false };
  const application = await bootstrap({ config, logger, isDraining: () => draining.value, migrate: cluster.isPrimary });
  const running = await startServer(application.app, config.port, config.host, logger, draining);
  logger.info(
    {
      // The port bound: PORT=0 takes any free one, and this line names it.
      port: (running.server.address() as AddressInfo).port,
      host: config.host,
      database: config.databaseUrl ? 'configured' : 'sqlite',
      mail: config.smtpUrl ? 'smtp' : 'outbox',
      ...(cluster.isWorker ? { worker: cluster.worker!.id } : {}),
    },
    'listening',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining');
    // Everything, workers included, has exited within SHUTDOWN_TIMEOUT_MS (10 s by default, contract section 7).
    await running.drain(config.shutdownTimeoutMs - (cluster.isWorker ? WORKER_DRAIN_MARGIN_MS : 0));
    await application.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

async function runPrimary(config: AppConfig, logger: Logger): Promise<void> {
  // Once, before any worker serves: the workers skip it.
  const dataSource = createDataSource({ url: config.databaseUrl, dataDir: config.dataDir });
  await dataSource.initialize();
  try {
    await migrateExclusively(dataSource, sqliteFile(config));
  } finally {
    await dataSource.destroy();
  }

  let stopping = false;
  const fork = (): Worker => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    // A worker that died (a crash, kill -9, out of memory) is replaced; what it acknowledged is committed.
    logger.error({ worker: worker.id, code, signal }, 'worker exited; starting another');
    fork();
  });
  for (let i = 0; i < config.workers; i++) fork();
  logger.info({ workers: config.workers, port: config.port }, 'primary started');

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining workers');
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    const exited = workers.map((worker) => new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve()))));
    for (const worker of workers) worker.process.kill('SIGTERM');
    const timer = setTimeout(() => {
      logger.warn('workers did not drain in time; stopping them');
      for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
    }, config.shutdownTimeoutMs - WORKER_DRAIN_MARGIN_MS / 2);
    void Promise.all(exited).then(() => {
      clearTimeout(timer);
      logger.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  const message = startupFailure(error, 'The server');
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: message, type: (error as Error)?.constructor?.name })}\n`);
  process.exit(1);
});
