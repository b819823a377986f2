import BetterSqlite3 from 'better-sqlite3';
import type { Redis } from 'ioredis';
import { Pool } from 'pg';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { enableWriteAheadLog } from '../persistence/sqlite-wal';
import { DependencyOutage } from '../system/dependency-outage';
import type { Logger } from '../system/logger';

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
  /** A store that can be away (Redis) says so, and how often this process counted alone meanwhile (its failures). */
  readonly outage?: DependencyOutage;
  /** Resolves once a store with a connection of its own (Redis) has it, or has given up for now. */
  opened?(): Promise<void>;
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

export interface RedisLimiterOptions {
  /** Keeps the service's keys apart from others' on a shared Redis. */
  namespace?: string;
  /** The longest a count waits for Redis's answer before this process counts it alone. */
  commandTimeoutMs?: number;
  /** The longest a (re)connection attempt waits; the client keeps retrying in the background. */
  connectTimeoutMs?: number;
  logger?: Pick<Logger, 'warn' | 'info'>;
}

/**
 * Counters in Redis, insured: while Redis is away (refused, reset, or too
 * slow to answer within the command timeout) each limiter counts in this
 * process's memory instead (rate-limiter-flexible's `insuranceLimiter`), so
 * that logins, sign-ups and HTTP Basic keep being answered and still
 * limited, per process. Counting is shared again as soon as the client is
 * connected again; what was counted alone meanwhile is not carried over.
 */
export class RedisLimiterStore implements LimiterStore {
  private readonly client: Redis;
  private readonly namespace: string;
  readonly outage: DependencyOutage;
  private readonly connectTimeoutMs: number;

  constructor(url: string, options: RedisLimiterOptions = {}) {
    this.connectTimeoutMs = options.connectTimeoutMs ?? 1000;
    this.namespace = options.namespace ?? 'business-api';
    // Loaded only when Redis is configured: other servers never hold the client and its modules in memory.
    const { Redis: RedisClient } = require('ioredis') as typeof import('ioredis');
    this.client = new RedisClient(url, {
      // Without a connection a command fails at once (and is counted in memory) rather than waiting for one.
      enableOfflineQueue: false,
      commandTimeout: options.commandTimeoutMs ?? 100,
      connectTimeout: this.connectTimeoutMs,
      maxRetriesPerRequest: 0,
      // A socket that a lost connection left half-open is destroyed this soon after `disconnect()`.
      disconnectTimeout: 100,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    });
    this.outage = new DependencyOutage(options.logger, {
      says: {
        begins: 'The rate-limit store (Redis) is unavailable: limits are counted per process until it is back.',
        ends: 'The rate-limit store (Redis) is back: limits are counted together again.',
      },
      // A command timed out on a connection that looks alive (a partition): start afresh, so that
      // counts fail at once until a new connection is ready, and its `ready` marks the return.
      onBegin: () => {
        if (this.client.status === 'ready') this.client.disconnect(true);
      },
    });
    this.client.on('ready', () => this.outage.end());
    // A lost connection is retried by the client; the counts meanwhile fall back (above), once logged.
    this.client.on('error', () => undefined);
  }

  limiter(options: LimiterOptions): RateLimiterAbstract {
    const RateLimiterRedis = flexible('RateLimiterRedis');
    return new RateLimiterRedis({
      ...options,
      keyPrefix: `${this.namespace}:${options.keyPrefix}`,
      storeClient: this.client,
      rejectIfRedisNotReady: true,
      insuranceLimiter: insuranceFor(options, () => this.outage.failed()),
    });
  }

  /**
   * Counts made before the first connection is ready are this process's alone: the service waits for it
   * at start, at most the connect timeout (a service whose Redis is away still starts, and counts alone).
   */
  async opened(): Promise<void> {
    if (this.client.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.client.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, this.connectTimeoutMs);
      this.client.once('ready', done);
    });
  }

  async close(): Promise<void> {
    // Politely when connected; otherwise at once (with no offline queue, `quit()` would only fail).
    if (this.client.status === 'ready') await this.client.quit().catch(() => this.client.disconnect());
    else this.client.disconnect();
  }
}

/** A limiter of the same numbers in this process's memory that says when it is used. */
function insuranceFor(options: LimiterOptions, used: () => void): RateLimiterAbstract {
  const RateLimiterMemory = flexible('RateLimiterMemory');
  const memory = new RateLimiterMemory(options);
  // rate-limiter-flexible calls the insurance's public methods by name when the store fails.
  for (const method of ['consume', 'penalty', 'reward', 'get', 'set', 'block', 'delete'] as const) {
    const own = memory[method].bind(memory) as (...args: unknown[]) => Promise<unknown>;
    (memory as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      used();
      return own(...args);
    };
  }
  return memory;
}
