import { Pool, PoolClient } from 'pg';
import { TypeOrmDatabase } from '../../adapters/persistence/typeorm/engine/database';
import { createDataSource } from '../../adapters/persistence/typeorm/data-source';
import { TestDatabase, testDatabases } from './databases';

/** Postgres's test databases, when a test database URL is given (else none: the suites that need it skip). */
export const postgresDatabase = testDatabases().find((factory) => factory.name === 'postgres');

/** A database handle on a new Postgres test database, and the round trips its connections have made. */
export interface CountedPostgres {
  database: TestDatabase;
  db: TypeOrmDatabase;
  /** The server's ReadyForQuery answers (one per Sync) on every connection the pool has handed out and the pipelined ones; reset at will. */
  roundTrips: { count: number };
}

/** `pipelines`: the database handle's pipelined connections (none: the pool carries every statement). */
export async function countedPostgres(options: { pipelines?: number } = {}): Promise<CountedPostgres> {
  if (!postgresDatabase) throw new Error('no Postgres test database (TEST_DATABASE_URL)');
  const database = await postgresDatabase.create();
  const dataSource = createDataSource({ url: database.url, dataDir: database.dataDir, schema: database.schema });
  await dataSource.initialize();
  const db = new TypeOrmDatabase(dataSource, 'postgres', options);
  const roundTrips = { count: 0 };
  const pool = (dataSource.driver as unknown as { master: Pool & { Client: new (options: object) => PoolClient } }).master;
  const counted = new WeakSet<PoolClient>();
  const count = (client: PoolClient) => {
    if (counted.has(client)) return;
    counted.add(client);
    (client as unknown as { connection: NodeJS.EventEmitter }).connection.on('readyForQuery', () => roundTrips.count++);
  };
  // The pool's connections as it hands them out, and every connection made from its client class since,
  // the pipelined ones among them (postgres-statements).
  pool.on('acquire', count);
  pool.Client = class extends pool.Client {
    constructor(options: object) {
      super(options);
      // Once connected: the answer that ends the connection's start-up is no round trip of a statement.
      (this as unknown as NodeJS.EventEmitter).once('connect', () => count(this as unknown as PoolClient));
    }
  };
  return { database, db, roundTrips };
}
