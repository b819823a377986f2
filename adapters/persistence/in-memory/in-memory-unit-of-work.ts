import { AsyncLocalStorage } from 'node:async_hooks';
import { UnitOfWork } from '../../../application/shared/ports';

/**
 * Runs transactions one at a time, as a single-writer database would; a
 * transaction started inside another (same async context) joins it. Rollback
 * is not modelled: the in-memory adapters serve use-case tests, not durability.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  private readonly current = new AsyncLocalStorage<true>();
  private queue: Promise<unknown> = Promise.resolve();

  get inTransaction(): boolean {
    return this.current.getStore() === true;
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.current.getStore()) return work();
    const run = () => this.current.run(true, work);
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Rollback is not modelled: the answer's transaction follows the work's. */
  async holdingCommit<T>(work: () => Promise<T>, finish: (result: T) => Promise<void>): Promise<T> {
    const result = await work();
    await this.transaction(() => finish(result));
    return result;
  }
}
