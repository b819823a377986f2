import { UnitOfWork } from '../../../application/shared/ports';

/**
 * Runs work one at a time, as a single-writer database would. Rollback is not
 * modelled: the in-memory adapters serve use-case tests, not durability.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  private queue: Promise<unknown> = Promise.resolve();
  private depth = 0;

  transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.depth > 0) return work();
    const run = async () => {
      this.depth++;
      try {
        return await work();
      } finally {
        this.depth--;
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}
