import { TypeOrmIdempotencyStore } from '../../../adapters/persistence/typeorm/typeorm-idempotency.store';
import { testDatabases } from '../../support/databases';
import { openMigratedDatabase } from '../../support/migrated-database';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 25) + seconds * 1000);

describe.each(testDatabases())('the idempotency keys on $name', (factory) => {
  let store: TypeOrmIdempotencyStore;
  let close: () => Promise<void>;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const target = await factory.create();
    dispose = target.dispose;
    const opened = await openMigratedDatabase(target);
    close = opened.close;
    store = new TypeOrmIdempotencyStore(opened.db);
  });

  afterAll(async () => {
    await close();
    await dispose();
  });

  it('gives a key to exactly one of many claims at once, then keeps its answer for the others', async () => {
    const claims = await Promise.all(Array.from({ length: 20 }, () => store.claim('p /x', 'k1', 'f1', at(0), at(-60))));
    expect(claims.filter((claim) => claim.outcome === 'claimed')).toHaveLength(1);
    expect(claims.filter((claim) => claim.outcome === 'in-progress')).toHaveLength(19);

    await store.complete('p /x', 'k1', { status: 201, body: { amount: '12.50', nested: { at: '2026-01-01' } } }, at(1));
    await expect(store.claim('p /x', 'k1', 'f1', at(2), at(-58))).resolves.toEqual({
      outcome: 'completed',
      fingerprint: 'f1',
      answer: { status: 201, body: { amount: '12.50', nested: { at: '2026-01-01' } } },
    });
  });

  it('takes over a claim abandoned before the lease, not a fresh one, nor an answered one', async () => {
    await store.claim('p /x', 'k2', 'f1', at(0), at(-60));
    await expect(store.claim('p /x', 'k2', 'f1', at(30), at(-30))).resolves.toEqual({ outcome: 'in-progress', fingerprint: 'f1' });
    await expect(store.claim('p /x', 'k2', 'f2', at(61), at(1))).resolves.toEqual({ outcome: 'claimed' });
    await store.complete('p /x', 'k2', { status: 201, body: {} }, at(62));
    await expect(store.claim('p /x', 'k2', 'f2', at(500), at(440))).resolves.toMatchObject({ outcome: 'completed' });
  });

  it('releases an unanswered claim only', async () => {
    await store.claim('p /x', 'k3', 'f1', at(0), at(-60));
    await store.release('p /x', 'k3');
    await expect(store.claim('p /x', 'k3', 'f2', at(1), at(-59))).resolves.toEqual({ outcome: 'claimed' });
    await store.complete('p /x', 'k3', { status: 400, body: { name: ['This field is required.'] } }, at(2));
    await store.release('p /x', 'k3');
    await expect(store.claim('p /x', 'k3', 'f2', at(3), at(-57))).resolves.toMatchObject({ outcome: 'completed', answer: { status: 400 } });
  });

  it('purges at most the given number of keys claimed before a time, oldest first', async () => {
    for (let i = 0; i < 5; i++) await store.claim('p /old', `old-${i}`, 'f', at(-100_000 + i), at(-200_000));
    await store.claim('p /old', 'recent', 'f', at(0), at(-60));

    await expect(store.purge(at(-50_000), 3)).resolves.toBe(3);
    await expect(store.purge(at(-50_000), 3)).resolves.toBe(2);
    await expect(store.purge(at(-50_000), 3)).resolves.toBe(0);
    await expect(store.claim('p /old', 'recent', 'f', at(1), at(-59))).resolves.toMatchObject({ outcome: 'in-progress' });
    await expect(store.claim('p /old', 'old-0', 'f', at(1), at(-59))).resolves.toEqual({ outcome: 'claimed' });
  });
});
