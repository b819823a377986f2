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
/** What the service logs, once each, as an outage of the database begins and ends. */
export const OUTAGE_BEGINS = 'The database is unavailable: requests that need it are answered 503 until it is back.';
export const OUTAGE_ENDS = 'The database is back.';
const METRICS_TOKEN = 'metrics-token-for-tests';

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
  const app = await startTestApp({ ...database, url: url.toString() }, {
    ...options,
    env: { ...SMALL_BOUNDS, METRICS_TOKEN, ...options.env },
  });
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

/** The value of one of the service's metrics (a number, or NaN when it has none of that name). */
export async function metricOf(app: TestApp, name: string): Promise<number> {
  const text = await (await fetch(`${app.client.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1]);
}
