import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Node's `AsyncLocalStorage`, switched on only while some `run` is in
 * progress. On Node 20 a storage, once run, has every promise of the process
 * pay for async hooks from then on, whether or not it reads the store: about
 * 15 % of a small read's CPU (docs/performance.md). The work that needs a
 * store (a transaction, a write's acting person) is a share of the requests;
 * when the last piece of it has settled, the storage is disabled, and the
 * hooks with it when no other storage is on, until the next `run`.
 *
 * What `run` is given must be the whole of what needs the store, awaited:
 * once it settles, the store is gone for anything it left running, as it
 * should be for a transaction's manager after its commit.
 */
export class ScopedAsyncLocalStorage<T> {
  private readonly storage = new AsyncLocalStorage<T>();
  private running = 0;

  run<R>(store: T, work: () => Promise<R>): Promise<R> {
    this.running += 1;
    let done: Promise<R>;
    try {
      done = this.storage.run(store, work);
    } catch (error) {
      this.settled();
      throw error;
    }
    return done.finally(() => this.settled());
  }

  getStore(): T | undefined {
    return this.storage.getStore();
  }

  private settled(): void {
    this.running -= 1;
    if (this.running === 0) this.storage.disable();
  }
}
