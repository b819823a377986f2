import path from 'node:path';
import type { Dialect } from './engine';

/**
 * What DATABASE_URL names, without loading TypeORM: the commands that only
 * copy the database (`npm run backup`, `npm run restore`) start quickly.
 */
export function dialectOf(url: string | undefined): Dialect {
  return url && /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

/** The SQLite file: `sqlite:///path/file.db`, `:memory:`, or `<dataDir>/app.db` without a URL. */
export function sqliteFileOf(settings: { url?: string; dataDir: string }): string {
  if (settings.url?.startsWith('sqlite://')) {
    const file = settings.url.slice('sqlite://'.length);
    return file === '/:memory:' || file === ':memory:' ? ':memory:' : file;
  }
  return path.join(settings.dataDir, 'app.db');
}
