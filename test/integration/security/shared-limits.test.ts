import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { FlexibleLoginThrottle } from '../../../adapters/security/flexible-login-throttle';
import { BatchedRateLimit } from '../../../adapters/security/batched-rate-limit';
import { FlexibleRateLimit } from '../../../adapters/security/flexible-rate-limit';
import { LimiterStore, PostgresLimiterStore, RedisLimiterStore, SqliteLimiterStore } from '../../../adapters/security/limiter-store';
import { Throttled } from '../../../application/shared/errors';
import { testDatabases } from '../../support/databases';
import { openMigratedDatabase } from '../../support/migrated-database';

/**
 * Two instances of the service on one store count together: each opens its
 * own connection to the same SQLite file, Postgres schema or Redis, as two
 * processes or hosts would.
 */
interface SharedStore {
  name: string;
  /** A store of the second (or first) instance. */
  open(): LimiterStore;
  dispose(): Promise<void>;
}

async function sqliteStore(): Promise<SharedStore> {
  const dir = mkdtempSync(path.join(tmpdir(), 'limits-'));
  const file = path.join(dir, 'limits.sqlite');
  return { name: 'sqlite', open: () => new SqliteLimiterStore(file), dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function postgresStore(): Promise<SharedStore> {
  const factory = testDatabases().find((f) => f.name === 'postgres')!;
  const target = await factory.create();
  const { close } = await openMigratedDatabase(target); // makes the table, in the schema
  await close();
  const pools: Pool[] = [];
  return {
    name: 'postgres',
    open: () => {
      const pool = new Pool({ connectionString: target.url, options: `-c search_path=${target.schema}` });
      pools.push(pool);
      return new PostgresLimiterStore(pool);
    },
    dispose: async () => {
      await Promise.all(pools.map((pool) => pool.end()));
      await target.dispose();
    },
  };
}

async function redisStore(url: string): Promise<SharedStore> {
  const namespace = `test-${randomBytes(6).toString('hex')}`;
  return { name: 'redis', open: () => new RedisLimiterStore(url, { namespace }), dispose: async () => undefined };
}

const stores: [string, () => Promise<SharedStore>][] = [['sqlite', sqliteStore]];
if (process.env.TEST_DATABASE_URL) stores.push(['postgres', postgresStore]);
if (process.env.TEST_REDIS_URL) stores.push(['redis', () => redisStore(process.env.TEST_REDIS_URL!)]);

describe.each(stores)('limits shared by two instances on %s', (_name, make) => {
  let shared: SharedStore;
  let a: LimiterStore;
  let b: LimiterStore;

  beforeEach(async () => {
    shared = await make();
    a = shared.open();
    b = shared.open();
    await Promise.all([a.opened?.(), b.opened?.()]);
  });

  afterEach(async () => {
    await a.close();
    await b.close();
    await shared.dispose();
  });

  it('locks an e-mail on one instance after its failures on the other', async () => {
    const limits = { perEmail: 10, perClient: 100, windowSeconds: 900 };
    const throughA = new FlexibleLoginThrottle(a, limits);
    const throughB = new FlexibleLoginThrottle(b, limits);
    for (let i = 0; i < 9; i++) await throughA.recordFailure('ada@example.com', '203.0.113.7');
    expect(await throughB.retryAfter('ada@example.com', '203.0.113.7')).toBeNull();

    await throughA.recordFailure('ADA@example.com', '203.0.113.7');
    const wait = await throughB.retryAfter('ada@example.com', '203.0.113.7');
    expect(wait).toBeGreaterThan(890);
    expect(wait).toBeLessThanOrEqual(900);
    expect(await throughB.retryAfter('ada@example.com', '198.51.100.1')).toBeNull();
  });

  it('counts a quota across instances', async () => {
    const throughA = new FlexibleRateLimit(a, 'quota', 2, 3600);
    const throughB = new FlexibleRateLimit(b, 'quota', 2, 3600);
    expect(await throughA.take('organisation-1')).toMatchObject({ limit: 2, remaining: 1 });
    // What is left is the count over both instances.
    expect(await throughB.take('organisation-1')).toMatchObject({ limit: 2, remaining: 0 });
    await expect(throughA.take('organisation-1')).rejects.toMatchObject({ allowance: { limit: 2, remaining: 0 } });
    await expect(throughA.take('organisation-1')).rejects.toBeInstanceOf(Throttled);
    await expect(throughB.take('organisation-2')).resolves.toMatchObject({ remaining: 1 });
  });

  it('holds a key’s requests a minute across instances that count them in batches, within a batch each', async () => {
    // 1 % of 300: each instance adds its uses to the store three at a time.
    const throughA = new BatchedRateLimit(new FlexibleRateLimit(a, 'requests', 300, 60));
    const throughB = new BatchedRateLimit(new FlexibleRateLimit(b, 'requests', 300, 60));
    let allowed = 0;
    for (let turn = 0; turn < 400; turn++) {
      try {
        await (turn % 2 === 0 ? throughA : throughB).take('key-1');
        allowed += 1;
      } catch (refusal) {
        expect(refusal).toBeInstanceOf(Throttled);
      }
    }
    expect(allowed).toBeGreaterThanOrEqual(300 - 2 * 3);
    expect(allowed).toBeLessThanOrEqual(300 + 2 * 3);
    await expect(throughA.take('key-1')).rejects.toMatchObject({ allowance: { limit: 300, remaining: 0 } });
    await expect(throughB.take('key-1')).rejects.toMatchObject({ allowance: { limit: 300, remaining: 0 } });
  });
});
