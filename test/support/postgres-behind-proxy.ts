import { testDatabases } from './databases';
import { hostAndPort, startTcpProxy, TcpProxy } from './tcp-proxy';
import { startTestApp, TestApp, TestAppOptions } from './test-app';

/** TEST_DATABASE_URL: the Postgres the outage tests put a proxy in front of (they run only when it is given). */
export const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * Small bounds on every wait for Postgres, so that an outage test waits
 * little: the defaults are 5 s, 5 s and 10 s.
 */
export const SMALL_BOUNDS = { DATABASE_CONNECT_TIMEOUT_MS: '500', DATABASE_POOL_TIMEOUT_MS: '1000', DATABASE_STATEMENT_TIMEOUT_MS: '1000' };

/**
 * The longest a request may take with `SMALL_BOUNDS` while Postgres is away: a
 * statement's answer (1 s and node-postgres's second of margin), then the
 * transaction's `ROLLBACK` on the same dead connection (the same again), with
 * room for the request's own work on a busy machine.
 */
export const REQUEST_BOUND_MS = 5000;
/** `/readyz` waits at most 2 s for the database, with room for its own work. */
export const READINESS_BOUND_MS = 2500;
export const UNAVAILABLE = { detail: 'The database is unavailable; try again shortly.' };

export interface AppBehindProxy {
  app: TestApp;
  /** Between the service and Postgres: cut it, reset it, black-hole it. */
  proxy: TcpProxy;
  close(): Promise<void>;
}

/** The application on a Postgres schema of its own, every connection to Postgres passing through a proxy of the test's. */
export async function startBehindPostgresProxy(options: TestAppOptions = {}): Promise<AppBehindProxy> {
  const proxy = await startTcpProxy(hostAndPort(postgresUrl!, 5432));
  const database = await testDatabases()[1].create();
  const url = new URL(database.url);
  url.host = `${proxy.host}:${proxy.port}`;
  const app = await startTestApp({ ...database, url: url.toString() }, { ...options, env: { ...SMALL_BOUNDS, ...options.env } });
  return {
    app,
    proxy,
    close: async () => {
      await app.close();
      await proxy.close();
      await database.dispose();
    },
  };
}
