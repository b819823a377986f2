import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { DataSource, DataSourceOptions } from 'typeorm';
import { enableWriteAheadLog } from '../sqlite-wal';
import { Dialect } from './columns';
import { entitySchemas, migrations } from './registry';

export interface DatabaseSettings {
  /** `postgres://…`, `sqlite:///path/file.db`, or absent for `<dataDir>/app.db`. */
  url?: string;
  dataDir: string;
  /** Postgres only: a schema of its own (tests give each test file one). */
  schema?: string;
}

export function dialectOf(url: string | undefined): Dialect {
  return url && /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

export function sqliteFileOf(settings: DatabaseSettings): string {
  if (settings.url?.startsWith('sqlite://')) {
    const file = settings.url.slice('sqlite://'.length);
    return file === '/:memory:' || file === ':memory:' ? ':memory:' : file;
  }
  return path.join(settings.dataDir, 'app.db');
}

/**
 * The TypeORM data source for the configured engine. Migrations run at start;
 * `synchronize` is never used. SQLite runs in WAL mode with full fsync so that
 * an acknowledged write survives a crash, and returns integers as BigInt so
 * that 18-digit amounts stay exact.
 */
export function createDataSource(settings: DatabaseSettings): DataSource {
  const dialect = dialectOf(settings.url);
  const common = { entities: entitySchemas(dialect), migrations, migrationsRun: false, synchronize: false, logging: false };
  if (dialect === 'postgres') {
    const options: DataSourceOptions = {
      ...common,
      type: 'postgres',
      url: settings.url,
      schema: settings.schema,
      extra: { max: 10, ...(settings.schema ? { options: `-c search_path=${settings.schema}` } : {}) },
    };
    return new DataSource(options);
  }
  const database = sqliteFileOf(settings);
  if (database !== ':memory:') mkdirSync(path.dirname(path.resolve(database)), { recursive: true, mode: 0o700 });
  return new DataSource({
    ...common,
    type: 'better-sqlite3',
    database,
    prepareDatabase: (db: {
      pragma(statement: string, options?: { simple: boolean }): unknown;
      defaultSafeIntegers(on: boolean): unknown;
    }) => {
      enableWriteAheadLog(db);
      // The organisations' data, for the service's user alone; SQLite gives the -wal and -shm files the
      // database file's mode when it creates them, and older ones are narrowed here too.
      if (database !== ':memory:') {
        for (const file of [database, `${database}-wal`, `${database}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
      }
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      db.defaultSafeIntegers(true);
    },
  });
}
