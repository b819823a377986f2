import 'reflect-metadata';
import { createLogger } from '../adapters/system/logger';
import { startupFailure } from './startup-failure';
import { bootstrap } from './bootstrap';
import { loadConfig } from './config';

/**
 * `npm run webhooks`: delivers webhooks and e-mails (their two outboxes) without serving HTTP, beside servers
 * started with `WEBHOOK_DELIVERY=off` (or beside any others: each delivery is
 * claimed by one worker), sweeps the stored files to remove with them, and runs background CSV imports.
 * Same configuration as the server; SIGTERM lets the
 * round in progress finish, then exits 0.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const application = await bootstrap({ config, logger, deliverWebhooks: true });
  logger.info({ pollMs: config.webhooks.pollMs }, 'delivering webhooks');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await application.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  const message = startupFailure(error, 'The webhook worker');
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: message, type: (error as Error)?.constructor?.name })}\n`);
  process.exit(1);
});
