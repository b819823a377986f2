import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/**
 * The storage engines every repository and HTTP suite runs on: SQLite always,
 * Postgres when TEST_DATABASE_URL names one (CI always does). Each test file
 * gets a database of its own: a temporary SQLite file, or a Postgres schema.
 */
export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  url: string;
  dataDir: string;
  schema?: string;
  /** Drops what `create` made. */
  dispose(): Promise<void>;
}

export type TestDatabaseFactory = { name: 'sqlite' | 'postgres'; create(): Promise<TestDatabase> };

export function testDatabases(): TestDatabaseFactory[] {
  const factories: TestDatabaseFactory[] = [{ name: 'sqlite', create: createSqlite }];
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) factories.push({ name: 'postgres', create: () => createPostgres(postgresUrl) });
  return factories;
}

async function createSqlite(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'api-test-'));
  return {
    name: 'sqlite',
    url: `sqlite://${path.join(dataDir, 'test.db')}`,
    dataDir,
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function createPostgres(url: string): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'api-test-'));
  return {
    name: 'postgres',
    url,
    dataDir,
    schema,
    dispose: async () => {
      const cleanup = new Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
