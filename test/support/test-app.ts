import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { AddressInfo } from 'node:net';
import http from 'node:http';
import { Routes } from '../../adapters/http/shared/routes';
import { ScryptPasswordHasher } from '../../adapters/security/scrypt-password-hasher';
import { createLogger, Logger } from '../../adapters/system/logger';
import { Clock } from '../../application/shared/ports';
import { Application, bootstrap } from '../../config/bootstrap';
import { AppConfig, loadConfig } from '../../config/config';
import { ApiClient } from './api-client';
import { TestDatabase } from './databases';
import { withTimeouts } from '../../adapters/http/server';

/** Cheap scrypt for tests: the same code path, a fraction of the cost. */
export const TEST_HASHER = new ScryptPasswordHasher({ N: 1024, r: 8, p: 1 });

export interface TestApp {
  application: Application;
  client: ApiClient;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** Whether the app should answer as an instance shutting down. */
  isDraining?: () => boolean;
  /** Where its log lines go (default: nowhere). */
  logger?: Logger;
  /** The field encryption key (default: a new one): instances of one database share it. */
  encryptionKey?: Buffer;
}

/** The real application on a test database, listening on a free port. */
export async function startTestApp(database: TestDatabase, options: TestAppOptions = {}): Promise<TestApp> {
  // Tests sign up many users from one address and invite many; the limits have their own tests.
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    NEW_ACCOUNTS_PER_CLIENT_PER_HOUR: '1000000',
    INVITATIONS_PER_ORGANISATION_PER_DAY: '1000000',
    // TEST_DATABASE_PIPELINES=N runs the suites with N pipelined Postgres connections (DATABASE_PIPELINES; 0: the pool alone).
    ...(process.env.TEST_DATABASE_PIPELINES ? { DATABASE_PIPELINES: process.env.TEST_DATABASE_PIPELINES } : {}),
    ...options.env,
  });
  const application = await bootstrap({
    config,
    logger: options.logger ?? createLogger('silent'),
    schema: database.schema,
    hasher: TEST_HASHER,
    encryptionKey: options.encryptionKey ?? randomBytes(32),
    clock: options.clock,
    isDraining: options.isDraining,
  });
  const server = withTimeouts(http.createServer(application.app.callback()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    application,
    config,
    client: new ApiClient(`http://127.0.0.1:${port}`),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await application.close();
    },
  };
}

/** The routes the running application dispatches to (its dispatch middleware is marked with them). */
export function servedRoutes(app: TestApp): Routes {
  const dispatch = (app.application.app.middleware as { routes?: Routes }[]).find((middleware) => middleware.routes);
  if (!dispatch?.routes) throw new Error('no routes among the middleware');
  return dispatch.routes;
}
