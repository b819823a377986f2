import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Clock } from '../../application/shared/ports';
import {
  BackupError,
  BackupManifest,
  DEVELOPMENT_KEY,
  FILE_NAMESPACES,
  MANIFEST,
  manifestOf,
  POSTGRES_DUMP,
  readManifest,
  SQLITE_COPY,
} from './backup-manifest';
import { copyTree, filesUnder, isEmptyDirectory, syncPath } from './file-tree';
import { dumpPostgres, relationsIn, restorePostgres } from './postgres-dump';
import { backupSqlite, checkSqliteCopy } from './sqlite-backup';

/** Where the service keeps its data, as the configuration says: what a backup copies and a restore fills. */
export interface DataPlace {
  dataDir: string;
  database: { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };
  /** Receipts and pictures under `DATA_DIR` (false: in an S3 bucket, which keeps them itself). */
  filesOnDisk: boolean;
}

/**
 * Makes the backup directory `out` while servers keep serving: built under a
 * temporary name beside it and renamed when whole, so that `out` is a
 * complete backup or absent. The stored files are copied before the database
 * and again after (only the new ones): a file the copied database names was
 * on disk at one of the two passes, unless it was both uploaded and removed
 * between them (docs/decisions/backups.md).
 */
export async function makeBackup(place: DataPlace, out: string, clock: Clock): Promise<BackupManifest> {
  const target = path.resolve(out);
  if (!isEmptyDirectory(target)) throw new BackupError(`${target} already exists and is not empty: give --out a new path (a backup never overwrites anything).`);
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = mkdtempSync(`${target}.partial-`);
  try {
    const copyFiles = () => (place.filesOnDisk ? FILE_NAMESPACES.map((namespace) => copyTree(path.join(place.dataDir, namespace), path.join(partial, namespace))) : []);
    copyFiles();
    const takenAt = clock.now();
    if (place.database.engine === 'sqlite') await backupSqlite(place.database.file, path.join(partial, SQLITE_COPY));
    else await dumpPostgres(place.database.url, path.join(partial, POSTGRES_DUMP));
    copyFiles();
    const key = path.join(place.dataDir, DEVELOPMENT_KEY);
    if (existsSync(key)) copyFileSync(key, path.join(partial, DEVELOPMENT_KEY));
    const manifest = manifestOf({
      takenAt: takenAt.toISOString(),
      database: place.database.engine === 'sqlite' ? { engine: 'sqlite', file: SQLITE_COPY } : { engine: 'postgres', file: POSTGRES_DUMP },
      files: place.filesOnDisk ? 'local' : 's3',
      fileCounts: place.filesOnDisk ? Object.fromEntries(FILE_NAMESPACES.map((namespace) => [namespace, filesUnder(path.join(partial, namespace))])) : {},
      developmentKey: existsSync(key),
    });
    writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    syncPath(path.join(partial, MANIFEST));
    syncPath(partial);
    if (existsSync(target)) rmdirSync(target); // empty, checked above
    renameSync(partial, target);
    syncPath(path.dirname(target));
    return manifest;
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Restores the backup in `from` into an empty data directory and an empty
 * database. Everything is checked before anything is written: a refusal
 * changes nothing. The database comes last, so that a restore cut short
 * leaves no database a server would start on.
 */
export async function restoreBackup(from: string, place: DataPlace): Promise<BackupManifest> {
  const backup = path.resolve(from);
  const manifest = readManifest(backup);
  await refuseUnlessRestorable(manifest, place);
  if (manifest.database.engine === 'sqlite') checkSqliteCopy(path.join(backup, SQLITE_COPY));

  mkdirSync(place.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(place.dataDir, 0o700);
  if (manifest.files === 'local') for (const namespace of FILE_NAMESPACES) copyTree(path.join(backup, namespace), path.join(place.dataDir, namespace));
  if (manifest.developmentKey) {
    copyFileSync(path.join(backup, DEVELOPMENT_KEY), path.join(place.dataDir, DEVELOPMENT_KEY));
    chmodSync(path.join(place.dataDir, DEVELOPMENT_KEY), 0o600);
  }
  if (place.database.engine === 'sqlite') {
    const file = place.database.file;
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const restoring = `${file}.restoring`;
    copyFileSync(path.join(backup, SQLITE_COPY), restoring);
    chmodSync(restoring, 0o600);
    syncPath(restoring);
    renameSync(restoring, file);
    syncPath(path.dirname(file));
  } else {
    await restorePostgres(place.database.url, path.join(backup, POSTGRES_DUMP));
  }
  syncPath(place.dataDir);
  return manifest;
}

async function refuseUnlessRestorable(manifest: BackupManifest, place: DataPlace): Promise<void> {
  const unchanged = 'Nothing was changed.';
  if (manifest.database.engine !== place.database.engine) {
    throw new BackupError(
      `This backup is of a ${manifest.database.engine} database and DATABASE_URL names a ${place.database.engine} one: restore it with the kind of database it was made from. ${unchanged}`,
    );
  }
  if (manifest.files === 'local' && !place.filesOnDisk) {
    throw new BackupError(`This backup holds receipts and pictures from the local disk, and STORAGE_URL puts them in a bucket: restore it without STORAGE_URL. ${unchanged}`);
  }
  if (manifest.files === 's3' && place.filesOnDisk) {
    throw new BackupError(`The receipts and pictures of this backup stayed in its S3 bucket: restore it with the same STORAGE_URL. ${unchanged}`);
  }
  const needsDataDir = manifest.files === 'local' || manifest.developmentKey || place.database.engine === 'sqlite';
  if (needsDataDir && !isEmptyDirectory(place.dataDir)) {
    const held = readdirSync(place.dataDir);
    const named = held.slice(0, 5).join(', ') + (held.length > 5 ? ', …' : '');
    throw new BackupError(`DATA_DIR (${place.dataDir}) is not empty (it holds ${named}): a backup is restored only into an empty data directory. ${unchanged}`);
  }
  if (place.database.engine === 'sqlite') {
    const file = place.database.file;
    if ([file, `${file}-wal`].some((name) => existsSync(name))) {
      throw new BackupError(`A SQLite database already exists at ${file}: a backup is restored only where there is none. ${unchanged}`);
    }
  } else {
    const relations = await relationsIn(place.database.url);
    if (relations > 0) {
      throw new BackupError(`The database of DATABASE_URL is not empty (it holds ${relations} tables, views or sequences): a backup is restored only into an empty database. ${unchanged}`);
    }
  }
}
