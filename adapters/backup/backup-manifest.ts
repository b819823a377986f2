import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What `manifest.json` at the top of a backup says of it: `npm run restore` reads it before it changes anything. */
export interface BackupManifest {
  format: typeof FORMAT;
  version: 1;
  /** When the copy of the database was taken (ISO 8601, UTC). */
  takenAt: string;
  /** The engine the database came from, and its copy's file in the backup. */
  database: { engine: 'sqlite'; file: typeof SQLITE_COPY } | { engine: 'postgres'; file: typeof POSTGRES_DUMP };
  /** `local`: the receipts and pictures are in the backup; `s3`: they stayed in the bucket. */
  files: 'local' | 's3';
  /** How many stored files the backup holds, per namespace. */
  fileCounts: Record<string, number>;
  /** Whether the development field-encryption key (`DATA_DIR/secrets.json`) is in it. */
  developmentKey: boolean;
}

const FORMAT = 'business-management-api backup';
export const MANIFEST = 'manifest.json';
/** The SQLite copy, under the name the server gives its database in `DATA_DIR`. */
export const SQLITE_COPY = 'app.db';
export const POSTGRES_DUMP = 'database.pgdump';
/** The namespaces of stored files that live under `DATA_DIR` when they are on local disk. */
export const FILE_NAMESPACES = ['receipts', 'pictures'] as const;
/** The development field-encryption key, when the service generated one (outside production). */
export const DEVELOPMENT_KEY = 'secrets.json';

export class BackupError extends Error {}

export function manifestOf(fields: Omit<BackupManifest, 'format' | 'version'>): BackupManifest {
  return { format: FORMAT, version: 1, ...fields };
}

/** The manifest of the backup in `directory`; a clear error when it is not one of ours. */
export function readManifest(directory: string): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(readFileSync(path.join(directory, MANIFEST), 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupError(`${directory} is not a backup made by npm run backup (no readable ${MANIFEST} in it).`);
  }
  if (manifest.format !== FORMAT || manifest.version !== 1 || !manifest.database) {
    throw new BackupError(`${directory} is not a backup this version can restore (${MANIFEST} says another format or version).`);
  }
  return manifest as BackupManifest;
}
