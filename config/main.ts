import 'reflect-metadata';
import { startServer } from '../adapters/http/server';
import { createLogger } from '../adapters/system/logger';
import { bootstrap } from './bootstrap';
import { ConfigError, loadConfig } from './config';

const DRAIN_TIMEOUT_MS = 10_000;

/** `npm start`: migrate, serve, and on SIGTERM drain in-flight requests before exiting 0. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const draining = { value: false };
  const application = await bootstrap({ config, logger, isDraining: () => draining.value });
  const running = await startServer(application.app, config.port, config.host, logger, draining);
  logger.info(
    { port: config.port, host: config.host, database: config.databaseUrl ? 'configured' : 'sqlite', mail: config.smtpUrl ? 'smtp' : 'outbox' },
    'listening',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining');
    await running.drain(DRAIN_TIMEOUT_MS);
    await application.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : 'The server could not start.';
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: message, type: (error as Error)?.constructor?.name })}\n`);
  process.exit(1);
});
