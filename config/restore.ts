import 'reflect-metadata';
import { restoreBackup } from '../adapters/backup/backup-set';
import { BackupError } from '../adapters/backup/backup-manifest';
import { createLogger } from '../adapters/system/logger';
import { loadConfig } from './config';
import { dataPlaceOf, failureLine } from './data-place';

const USAGE = 'Usage: npm run restore -- DIRECTORY (a backup made by npm run backup), into an empty DATA_DIR and database';

/**
 * `npm run restore -- DIRECTORY`: puts a backup back into the configured,
 * empty, data directory and database; refuses, changing nothing, when either
 * holds anything. Then `npm start` serves the data (and applies the
 * migrations the backup predates).
 */
async function main(): Promise<void> {
  const [from, ...rest] = process.argv.slice(2).filter((arg) => arg !== '--');
  if (!from || from.startsWith('--') || rest.length > 0) throw new BackupError(USAGE);
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const manifest = await restoreBackup(from, dataPlaceOf(config));
  logger.info({ from, engine: manifest.database.engine, takenAt: manifest.takenAt, fileCounts: manifest.fileCounts }, 'restored');
}

main().catch((error: unknown) => {
  process.stderr.write(failureLine(error, 'The restore'));
  process.exit(1);
});
