import BetterSqlite3 from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';

/**
 * One database for several server processes, as for instances on several
 * hosts: a Postgres database of its own (when TEST_DATABASE_URL is set), or
 * one SQLite file in a data directory they share.
 */
export interface SharedDatabase {
  env: Record<string, string>;
  appliedMigrations(): Promise<string[]>;
  dispose(): Promise<void>;
}

async function postgresDatabase(adminUrl: string): Promise<SharedDatabase> {
  const name = `instances_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    appliedMigrations: async () => {
      const client = new Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query('SELECT name FROM migrations ORDER BY id')).rows.map((row) => row.name as string);
      } finally {
        await client.end();
      }
    },
    dispose: async () => {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function sqliteDatabase(dataDir: string): Promise<SharedDatabase> {
  return {
    env: { DATABASE_URL: '' },
    appliedMigrations: async () => {
      const db = new BetterSqlite3(path.join(dataDir, 'app.db'), { readonly: true });
      try {
        return (db.prepare('SELECT name FROM migrations ORDER BY id').all() as { name: string }[]).map((row) => row.name);
      } finally {
        db.close();
      }
    },
    dispose: async () => undefined,
  };
}

export const sharedDatabaseEngines: [string, (dataDir: string) => Promise<SharedDatabase>][] = [['sqlite', sqliteDatabase]];
if (process.env.TEST_DATABASE_URL) sharedDatabaseEngines.push(['postgres', () => postgresDatabase(process.env.TEST_DATABASE_URL!)]);

