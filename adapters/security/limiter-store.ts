import BetterSqlite3 from 'better-sqlite3';
import type { Redis } from 'ioredis';
import { Pool } from 'pg';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { enableWriteAheadLog } from '../persistence/sqlite-wal';

/** One limiter's numbers: `points` uses of a key per window of `duration` seconds. */
export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
}

/**
 * Where rate-limiter-flexible keeps its counters. Every instance of the
 * service on one store counts together, so a limit holds across processes
 * and hosts: Redis when `REDIS_URL` is set, otherwise the service's own
 * database (Postgres; on SQLite a file of its own beside the database).
 * Process memory only for use-case tests, where there is one process.
 */
export interface LimiterStore {
  limiter(options: LimiterOptions): RateLimiterAbstract;
  close(): Promise<void>;
}

type Flexible = typeof import('rate-limiter-flexible');
type FlexibleClass = 'RateLimiterMemory' | 'RateLimiterPostgres' | 'RateLimiterRedis' | 'RateLimiterSQLite' | 'RateLimiterRes';

/**
 * A class of rate-limiter-flexible from its own file, loaded when first used:
 * the package's index loads every store it supports (Mongo, MySQL, DynamoDB,
 * etcd, Prisma, …), some 35 modules, where a server uses one.
 */
export function flexible<K extends FlexibleClass>(name: K): Flexible[K] {
  return require(`rate-limiter-flexible/lib/${name}`) as Flexible[K];
}

/** The table rate-limiter-flexible's Postgres and SQLite stores keep counters in (migration 950 on Postgres). */
export const LIMITS_TABLE = 'rate_limits';

export class MemoryLimiterStore implements LimiterStore {
  limiter(options: LimiterOptions): RateLimiterAbstract {
    const RateLimiterMemory = flexible('RateLimiterMemory');
    return new RateLimiterMemory(options);
  }

  async close(): Promise<void> {}
}

export class PostgresLimiterStore implements LimiterStore {
  /** `pool` is the service's own (its search path names the schema the migrations made the table in). */
  constructor(private readonly pool: Pool) {}

  limiter(options: LimiterOptions): RateLimiterAbstract {
    const RateLimiterPostgres = flexible('RateLimiterPostgres');
    return new RateLimiterPostgres({ ...options, storeClient: this.pool, storeType: 'pool', tableName: LIMITS_TABLE, tableCreated: true });
  }

  /** The pool is the database's: closed with it. */
  async close(): Promise<void> {}
}

/**
 * On SQLite the counters live in a database file of their own: counting a
 * failed login never waits behind, nor joins, a transaction of the service's
 * writer. WAL and a busy timeout let every process on the file use it.
 */
export class SqliteLimiterStore implements LimiterStore {
  private readonly db: BetterSqlite3.Database;
  private readonly pruning: NodeJS.Timeout;

  constructor(file: string) {
    this.db = new BetterSqlite3(file);
    enableWriteAheadLog(this.db);
    this.db.pragma('busy_timeout = 5000');
    // The counters are advisory: a crash may lose the last ones, never the service's data.
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${LIMITS_TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`);
    this.prune();
    this.pruning = setInterval(() => this.prune(), PRUNE_EVERY_MS);
    this.pruning.unref();
  }

  limiter(options: LimiterOptions): RateLimiterAbstract {
    const RateLimiterSQLite = flexible('RateLimiterSQLite');
    return new RateLimiterSQLite({
      ...options,
      storeClient: this.db,
      storeType: 'better-sqlite3',
      tableName: LIMITS_TABLE,
      tableCreated: true,
      // Pruned here instead: the library's own timer would run against a closed file after close().
      clearExpiredByTimeout: false,
    });
  }

  async close(): Promise<void> {
    clearInterval(this.pruning);
    this.db.close();
  }

  /** Forgets counters whose window ended an hour ago, so that a spray of keys cannot grow the file without bound. */
  private prune(): void {
    try {
      this.db.prepare(`DELETE FROM ${LIMITS_TABLE} WHERE expire < ?`).run(Date.now() - PRUNE_EVERY_MS);
    } catch {
      // Not critical: the next round tries again (another process may hold the file for a moment).
    }
  }
}

const PRUNE_EVERY_MS = 3_600_000;

export class RedisLimiterStore implements LimiterStore {
  private readonly client: Redis;

  /** `namespace` keeps the service's keys apart from others' on a shared Redis. */
  constructor(
    url: string,
    private readonly namespace = 'business-api',
  ) {
    // Loaded only when Redis is configured: other servers never hold the client and its modules in memory.
    const { Redis: RedisClient } = require('ioredis') as typeof import('ioredis');
    // Commands wait for the connection rather than fail while it is (re)established.
    this.client = new RedisClient(url, { lazyConnect: false, enableOfflineQueue: true, maxRetriesPerRequest: 3 });
    // A lost connection is retried by the client; the request that needed it fails and is logged.
    this.client.on('error', () => undefined);
  }

  limiter(options: LimiterOptions): RateLimiterAbstract {
    const RateLimiterRedis = flexible('RateLimiterRedis');
    return new RateLimiterRedis({ ...options, keyPrefix: `${this.namespace}:${options.keyPrefix}`, storeClient: this.client });
  }

  async close(): Promise<void> {
    await this.client.quit();
  }
}
