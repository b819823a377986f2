import 'reflect-metadata';
import { createDataSource } from '../adapters/persistence/typeorm/data-source';
import { migrateExclusively } from '../adapters/persistence/typeorm/engine';
import { createLogger } from '../adapters/system/logger';
import { sqliteFile } from './bootstrap';
import { loadConfig } from './config';
import { startupFailure } from './startup-failure';

/**
 * `npm run migrate`: applies the pending migrations and exits, without
 * serving, so that a rolling deploy migrates once before new instances start
 * (they find nothing pending; old ones keep serving, as every migration keeps
 * the previous version working). Safe beside running servers: migrations take
 * the same lock as a starting server.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const dataSource = createDataSource({ url: config.databaseUrl, dataDir: config.dataDir });
  await dataSource.initialize();
  try {
    await migrateExclusively(dataSource, sqliteFile(config));
    logger.info('migrated');
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  const message = startupFailure(error, 'The migrations').replace('could not start', 'could not be applied');
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: message, type: (error as Error)?.constructor?.name })}\n`);
  process.exit(1);
});
