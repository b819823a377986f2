import 'reflect-metadata';
import { makeBackup } from '../adapters/backup/backup-set';
import { BackupError } from '../adapters/backup/backup-manifest';
import { createLogger } from '../adapters/system/logger';
import { SystemClock } from '../adapters/system/system-clock';
import { loadConfig } from './config';
import { dataPlaceOf, failureLine } from './data-place';

const USAGE = 'Usage: npm run backup -- --out DIRECTORY (a new or empty directory; the backup is made there)';

/**
 * `npm run backup -- --out DIRECTORY`: a consistent copy of the configured
 * database and of the receipts and pictures on disk, taken while servers
 * serve (see README, "Backups"). Exits 0 once the backup is whole on disk.
 */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--out');
  const out = at >= 0 ? argv[at + 1] : undefined;
  if (!out || out.startsWith('--')) throw new BackupError(USAGE);
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const place = dataPlaceOf(config);
  const manifest = await makeBackup(place, out, new SystemClock());
  logger.info({ out, engine: manifest.database.engine, takenAt: manifest.takenAt, files: manifest.files, fileCounts: manifest.fileCounts }, 'backed up');
  if (manifest.files === 's3') logger.info('The receipts and pictures are in the S3 bucket, not in the backup: its versioning or replication keeps them.');
  if (manifest.developmentKey) logger.warn('The backup holds the development field-encryption key (DATA_DIR/secrets.json): keep it as private as the data.');
}

main().catch((error: unknown) => {
  process.stderr.write(failureLine(error, 'The backup'));
  process.exit(1);
});
