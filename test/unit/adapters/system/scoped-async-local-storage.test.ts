import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { AsyncSlot, ScopedAsyncLocalStorage } from '../../../../adapters/system/scoped-async-local-storage';

/** Switched off after this long without a run: short, for the tests. */
const IDLE_MS = 20;

describe('ScopedAsyncLocalStorage', () => {
  it('gives the work of a run its store across awaits, and nothing outside a run', async () => {
    const storage = new ScopedAsyncLocalStorage<string>(IDLE_MS);
    expect(storage.getStore()).toBeUndefined();
    const seen = await storage.run('alice', async () => {
      const before = storage.getStore();
      await nextTurn();
      return [before, storage.getStore()];
    });
    expect(seen).toEqual(['alice', 'alice']);
    expect(storage.getStore()).toBeUndefined();
  });

  it('keeps runs that overlap apart, and each keeps its store while the other ends', async () => {
    const storage = new ScopedAsyncLocalStorage<string>(IDLE_MS);
    let releaseBob!: () => void;
    const bobMayEnd = new Promise<void>((resolve) => (releaseBob = resolve));
    const bob = storage.run('bob', async () => {
      await bobMayEnd;
      await nextTurn();
      return storage.getStore();
    });
    const alice = await storage.run('alice', async () => {
      await nextTurn();
      return storage.getStore();
    });
    // Alice's run has settled while Bob's is still waiting: his store must survive hers ending.
    releaseBob();
    expect([alice, await bob]).toEqual(['alice', 'bob']);
  });

  it('nests: the inner run sees its store, the outer one its own again after', async () => {
    const storage = new ScopedAsyncLocalStorage<string>(IDLE_MS);
    const seen = await storage.run('outer', async () => {
      const inner = await storage.run('inner', async () => {
        await nextTurn();
        return storage.getStore();
      });
      await nextTurn();
      return [inner, storage.getStore()];
    });
    expect(seen).toEqual(['inner', 'outer']);
  });

  it('leaves nothing behind once switched off: work a run left running no longer sees the store', async () => {
    const storage = new ScopedAsyncLocalStorage<string>(IDLE_MS);
    let later!: Promise<string | undefined>;
    await storage.run('finished transaction', async () => {
      later = sleep(IDLE_MS * 3).then(() => storage.getStore());
    });
    expect(await later).toBeUndefined();
  });

  it('gives a run its store after the storage was switched off', async () => {
    const storage = new ScopedAsyncLocalStorage<string>(IDLE_MS);
    await storage.run('first', async () => undefined);
    await sleep(IDLE_MS * 3);
    expect(storage.getStore()).toBeUndefined();
    expect(
      await storage.run('again', async () => {
        await sleep(1);
        return storage.getStore();
      }),
    ).toBe('again');
  });

  it('ends a run whose work fails, as one whose work succeeds, and passes the failure on', async () => {
    const storage = new ScopedAsyncLocalStorage<string>(IDLE_MS);
    await expect(storage.run('failing', async () => Promise.reject(new Error('rolled back')))).rejects.toThrow('rolled back');
    expect(() =>
      storage.run('throwing', () => {
        throw new Error('at once');
      }),
    ).toThrow('at once');
    expect(await storage.run('next', async () => storage.getStore())).toBe('next');
    let stray!: Promise<string | undefined>;
    await storage.run('last', async () => void (stray = sleep(IDLE_MS * 3).then(() => storage.getStore())));
    expect(await stray).toBeUndefined();
  });
});

describe('AsyncSlot', () => {
  it('carries each slot its own value, and a run of one keeps the values of the others', async () => {
    const person = new AsyncSlot<string>('person');
    const transaction = new AsyncSlot<string>('transaction');
    const seen = await person.run('alice', () =>
      transaction.run('tx-1', async () => {
        await nextTurn();
        return [person.get(), transaction.get()];
      }),
    );
    expect(seen).toEqual(['alice', 'tx-1']);
    expect([person.get(), transaction.get()]).toEqual([undefined, undefined]);
  });

  it("holds a run's value for its own work only: the slot's outer value and the other slots' after it", async () => {
    const person = new AsyncSlot<string>('person');
    const transaction = new AsyncSlot<string>('transaction');
    const seen = await person.run('alice', async () => {
      const inner = await person.run('bob', () => transaction.run('tx-1', async () => [person.get(), transaction.get()]));
      await nextTurn();
      return [...inner, person.get(), transaction.get()];
    });
    expect(seen).toEqual(['bob', 'tx-1', 'alice', undefined]);
  });

  it('keeps slots of the same name apart (two databases, each its own transaction)', async () => {
    const first = new AsyncSlot<string>('transaction');
    const second = new AsyncSlot<string>('transaction');
    expect(await first.run('of the first', async () => [first.get(), second.get()])).toEqual(['of the first', undefined]);
  });

  it('keeps runs that overlap apart', async () => {
    const person = new AsyncSlot<string>('person');
    const transaction = new AsyncSlot<string>('transaction');
    const run = (name: string, wait: number) =>
      person.run(name, () =>
        transaction.run(`${name}'s`, async () => {
          await sleep(wait);
          return `${person.get()} in ${transaction.get()}`;
        }),
      );
    expect(await Promise.all([run('alice', 5), run('bob', 1)])).toEqual(["alice in alice's", "bob in bob's"]);
  });
});
