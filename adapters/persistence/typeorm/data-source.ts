import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Client, ClientConfig } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { enableWriteAheadLog } from '../sqlite-wal';
import { dialectOf, sqliteFileOf } from './database-url';
import { entitySchemas, migrations } from './registry';

export interface DatabaseSettings {
  /** `postgres://…`, `sqlite:///path/file.db`, or absent for `<dataDir>/app.db`. */
  url?: string;
  dataDir: string;
  /** Postgres only: a schema of its own (tests give each test file one). */
  schema?: string;
  /** Postgres only: the longest waits for the database; absent (migrations), unbounded. */
  bounds?: DatabaseBounds;
}

/** How long a request may wait for Postgres, at each step (see README, `DATABASE_*_TIMEOUT_MS`). */
export interface DatabaseBounds {
  /** Opening a connection (TCP, TLS, authentication). */
  connectMs: number;
  /** Waiting for a connection of the pool: a free one, or a new one opened. */
  poolWaitMs: number;
  /** One statement, on the server (`statement_timeout`); the service stops waiting for its answer a second later. */
  statementMs: number;
}

/** Past the server's `statement_timeout`, so that the server's cancellation (57014) is what the service normally sees. */
const READ_MARGIN_MS = 1000;

export { dialectOf, sqliteFileOf } from './database-url';

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
      extra: {
        max: 10,
        ...(settings.schema ? { options: `-c search_path=${settings.schema}` } : {}),
        ...(settings.bounds ? boundedConnections(settings.bounds) : {}),
      },
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
      // Deleted and overwritten values are zeroed, not left in free space: an erased account leaves no trace (personal-data.md).
      db.pragma('secure_delete = ON');
      db.pragma('busy_timeout = 5000');
      db.defaultSafeIntegers(true);
    },
  });
}

/**
 * node-postgres's options that bound every wait for Postgres, so that a
 * database that is down or cut off costs a request a few seconds and a 503,
 * never a hang: the pool's wait for a connection (`connectionTimeoutMillis`,
 * which also abandons a connection still opening), the opening of each
 * connection (the pool's and the pipelined ones: a client of that bound),
 * the server's `statement_timeout`, and the client's wait for an answer
 * (`query_timeout`, which a partition needs: the server's cancellation
 * cannot arrive). TCP keepalive finds a peer gone while a connection idles.
 */
function boundedConnections(bounds: DatabaseBounds): Record<string, unknown> {
  return {
    Client: class extends Client {
      constructor(config: ClientConfig) {
        super({ ...config, connectionTimeoutMillis: bounds.connectMs });
      }

      /**
       * A reply not read within `query_timeout` leaves node-postgres waiting for it on this connection: after a
       * partition heals it never comes, and every later statement on the connection would wait out its own
       * timeout behind it. The connection is closed instead, so that the pool opens a new one (node-postgres
       * does so itself for a pipelined connection).
       */
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      override query(...args: any[]): any {
        const last = args.length - 1;
        const callback = args[last];
        if (typeof callback === 'function') args[last] = (error: unknown, result: unknown) => (this.closeIfUnread(error), callback(error, result));
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const result = (super.query as (...given: any[]) => any)(...args);
        if (result === args[0] && typeof result?.handleError === 'function') {
          const handleError = result.handleError.bind(result);
          result.handleError = (error: unknown, connection: unknown) => (this.closeIfUnread(error), handleError(error, connection));
        } else if (typeof result?.catch === 'function') {
          result.catch((error: unknown) => this.closeIfUnread(error));
        }
        return result;
      }

      private closeIfUnread(error: unknown): void {
        if ((error as Error | undefined)?.message === 'Query read timeout') (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      }
    },
    connectionTimeoutMillis: bounds.poolWaitMs,
    statement_timeout: bounds.statementMs,
    query_timeout: bounds.statementMs + READ_MARGIN_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}
