import { BATCH_MS, BatchedRateLimit } from '../../../adapters/security/batched-rate-limit';
import { Counted, FlexibleRateLimit } from '../../../adapters/security/flexible-rate-limit';
import { MemoryLimiterStore } from '../../../adapters/security/limiter-store';
import { Allowance } from '../../../application/shared/ports';

/** The shared store, counting the additions made to it (each one a write on SQLite, Postgres or Redis). */
class CountingStore extends FlexibleRateLimit {
  additions = 0;

  constructor(limit: number) {
    super(new MemoryLimiterStore(), 'requests', limit, 60);
  }

  override async add(key: string, uses: number): Promise<Counted> {
    this.additions += 1;
    return super.add(key, uses);
  }
}

/** A clock that moves only when told to. */
function clock() {
  let now = Date.now();
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** Uses of `key` until one is refused: how many were allowed. */
async function allowedUntilRefused(limit: BatchedRateLimit, key: string, most: number): Promise<number> {
  for (let n = 0; n < most; n++) {
    try {
      await limit.take(key);
    } catch {
      return n;
    }
  }
  return most;
}

describe('BatchedRateLimit', () => {
  it('counts a small limit in the store on every use, so that two instances count together exactly', async () => {
    const store = new CountingStore(6);
    const a = new BatchedRateLimit(store);
    const b = new BatchedRateLimit(store);
    const remaining: number[] = [];
    for (const instance of [a, b, a, b, a, b]) remaining.push((await instance.take('key-1')).remaining);
    expect(remaining).toEqual([5, 4, 3, 2, 1, 0]);
    await expect(a.take('key-1')).rejects.toMatchObject({ allowance: { limit: 6, remaining: 0 } });
    await expect(b.take('key-1')).rejects.toMatchObject({ retryAfterSeconds: expect.any(Number) });
    await expect(a.take('key-2')).resolves.toMatchObject({ limit: 6, remaining: 5 });
  });

  it('adds a large limit to the store a batch at a time, answering what is left as this instance counts it', async () => {
    const store = new CountingStore(1000);
    const time = clock();
    const limit = new BatchedRateLimit(store, time.now);
    const answers: Allowance[] = [];
    for (let n = 0; n < 100; n++) answers.push(await limit.take('key'));
    expect(answers.map((answer) => answer.remaining)).toEqual(Array.from({ length: 100 }, (_, n) => 999 - n));
    // 1 % of the limit (10 uses) a batch: a tenth of the writes.
    expect(store.additions).toBe(10);
  });

  it('adds what it counted at least once a second, so that another instance sees it', async () => {
    const store = new CountingStore(1000);
    const time = clock();
    const a = new BatchedRateLimit(store, time.now);
    const b = new BatchedRateLimit(store, time.now);
    for (let n = 0; n < 5; n++) await a.take('key');
    expect(await b.take('key')).toMatchObject({ remaining: 998 });
    time.advance(BATCH_MS);
    await a.take('key');
    time.advance(BATCH_MS);
    expect(await b.take('key')).toMatchObject({ remaining: 992 });
  });

  it('holds the limit over instances within a batch each', async () => {
    const store = new CountingStore(1000);
    const time = clock();
    const instances = [new BatchedRateLimit(store, time.now), new BatchedRateLimit(store, time.now), new BatchedRateLimit(store, time.now)];
    let allowed = 0;
    for (let round = 0; round < 20; round++) for (const instance of instances) allowed += await allowedUntilRefused(instance, 'key', 60);
    expect(allowed).toBeGreaterThanOrEqual(1000 - 3 * 10);
    expect(allowed).toBeLessThanOrEqual(1000 + 3 * 10);
    for (const instance of instances) await expect(instance.take('key')).rejects.toMatchObject({ allowance: { remaining: 0 } });
  });

  it('refuses a key past its limit without asking the store again in its window', async () => {
    const store = new CountingStore(200);
    const limit = new BatchedRateLimit(store);
    expect(await allowedUntilRefused(limit, 'key', 500)).toBe(200);
    const additions = store.additions;
    for (let n = 0; n < 50; n++) await expect(limit.take('key')).rejects.toMatchObject({ retryAfterSeconds: expect.any(Number) });
    expect(store.additions).toBe(additions);
  });

  it('counts concurrent uses without letting any batch grow past its size', async () => {
    const store = new CountingStore(1000);
    const time = clock();
    const limit = new BatchedRateLimit(store, time.now);
    const answers = await Promise.all(Array.from({ length: 95 }, () => limit.take('key')));
    expect(answers).toHaveLength(95);
    expect(store.additions).toBeGreaterThanOrEqual(9);
    expect((await store.add('key', 0)).remaining).toBeGreaterThanOrEqual(1000 - 95);
    expect((await store.add('key', 0)).remaining).toBeLessThanOrEqual(1000 - 95 + 10);
  });
});
