import { randomBytes } from 'node:crypto';
import { FlexibleLoginThrottle } from '../../../adapters/security/flexible-login-throttle';
import { FlexibleRateLimit } from '../../../adapters/security/flexible-rate-limit';
import { RedisLimiterStore } from '../../../adapters/security/limiter-store';
import { Throttled } from '../../../application/shared/errors';
import { hostAndPort, startTcpProxy, TcpProxy } from '../../support/tcp-proxy';

const redisUrl = process.env.TEST_REDIS_URL;
const describeWithRedis = redisUrl ? describe : describe.skip;

/** The time `work` takes, in milliseconds. */
async function timed<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function until(condition: () => boolean, ms = 5000): Promise<void> {
  for (const deadline = Date.now() + ms; !condition(); ) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeWithRedis('rate limits while Redis is away', () => {
  let proxy: TcpProxy;
  let throughProxy: RedisLimiterStore;
  let direct: RedisLimiterStore;
  const lines: { level: string; message: string }[] = [];
  const logger = {
    warn: (message: string) => void lines.push({ level: 'warn', message }),
    info: (message: string) => void lines.push({ level: 'info', message }),
  };

  beforeEach(async () => {
    proxy = await startTcpProxy(hostAndPort(redisUrl!, 6379));
    const namespace = `test-${randomBytes(6).toString('hex')}`;
    const url = new URL(redisUrl!);
    url.host = `${proxy.host}:${proxy.port}`;
    throughProxy = new RedisLimiterStore(url.toString(), { namespace, logger });
    direct = new RedisLimiterStore(redisUrl!, { namespace });
    await Promise.all([throughProxy.opened(), direct.opened()]);
    lines.length = 0;
  });

  afterEach(async () => {
    await throughProxy.close();
    await direct.close();
    await proxy.close();
  });

  it('keeps limiting per process, at once, with one warning, and counts together again once Redis is back', async () => {
    const quota = new FlexibleRateLimit(throughProxy, 'quota', 2, 3600);
    await proxy.cut();

    expect(await timed(() => quota.take('organisation-1'))).toBeLessThan(150);
    await quota.take('organisation-1');
    await expect(quota.take('organisation-1')).rejects.toBeInstanceOf(Throttled);
    await expect(quota.take('organisation-2')).resolves.toMatchObject({ remaining: 1 });
    expect(throughProxy.outage.stats()).toEqual({ away: true, failures: 4 });
    expect(lines).toEqual([{ level: 'warn', message: expect.stringContaining('limits are counted per process') }]);

    await proxy.restore();
    await until(() => !throughProxy.outage.stats().away);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);
    // A count made through the proxy is Redis's again: another instance on Redis sees it.
    const quotaElsewhere = new FlexibleRateLimit(direct, 'quota', 2, 3600);
    await quota.take('organisation-3');
    await quota.take('organisation-3');
    await expect(quotaElsewhere.take('organisation-3')).rejects.toBeInstanceOf(Throttled);
    expect(throughProxy.outage.stats().failures).toBe(4);
  });

  it('answers a failed login check within the bound and locks the e-mail in the process', async () => {
    const limits = { perEmail: 3, perClient: 100, windowSeconds: 900 };
    const throttle = new FlexibleLoginThrottle(throughProxy, limits);
    await proxy.cut();

    expect(await timed(() => throttle.retryAfter('ada@example.com', '203.0.113.7'))).toBeLessThan(150);
    for (let i = 0; i < 3; i++) await throttle.recordFailure('ada@example.com', '203.0.113.7');
    expect(await throttle.retryAfter('ada@example.com', '203.0.113.7')).toBeGreaterThan(890);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);
  });

  it('waits for a partitioned Redis at most the command timeout once, then not at all until it answers again', async () => {
    const quota = new FlexibleRateLimit(throughProxy, 'quota', 2, 3600);
    proxy.blackHole();

    expect(await timed(() => quota.take('organisation-1'))).toBeLessThan(250); // the command timeout, 100 ms
    expect(await timed(() => quota.take('organisation-1'))).toBeLessThan(20); // the connection is being made afresh
    await expect(quota.take('organisation-1')).rejects.toBeInstanceOf(Throttled);
    expect(lines.map((line) => line.level)).toEqual(['warn']);

    await proxy.restore();
    await until(() => !throughProxy.outage.stats().away);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);
    await quota.take('organisation-4');
    await quota.take('organisation-4');
    await expect(new FlexibleRateLimit(direct, 'quota', 2, 3600).take('organisation-4')).rejects.toBeInstanceOf(Throttled);
  });
});
