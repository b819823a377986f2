import { BackupError } from '../adapters/backup/backup-manifest';
import { DataPlace } from '../adapters/backup/backup-set';
import { dialectOf, sqliteFileOf } from '../adapters/persistence/typeorm/database-url';
import { AppConfig } from './config';
import { startupFailure } from './startup-failure';

/** Where the configuration puts the data: what `npm run backup` copies and `npm run restore` fills. */
export function dataPlaceOf(config: AppConfig): DataPlace {
  const filesOnDisk = config.storage.kind === 'local';
  if (dialectOf(config.databaseUrl) === 'postgres') return { dataDir: config.dataDir, database: { engine: 'postgres', url: config.databaseUrl! }, filesOnDisk };
  const file = sqliteFileOf({ url: config.databaseUrl, dataDir: config.dataDir });
  if (file === ':memory:') throw new BackupError('DATABASE_URL names an in-memory SQLite database: there is nothing on disk to back up or restore into.');
  return { dataDir: config.dataDir, database: { engine: 'sqlite', file }, filesOnDisk };
}

/** A failed command, as one JSON line for standard error: what went wrong, never a URL, a secret or a stack. */
export function failureLine(error: unknown, what: string): string {
  const message = error instanceof BackupError ? error.message : startupFailure(error, what).replace('could not start', 'failed');
  return `${JSON.stringify({ level: 'fatal', msg: message, type: (error as Error)?.constructor?.name })}\n`;
}
