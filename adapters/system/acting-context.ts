import { AsyncLocalStorage } from 'node:async_hooks';
import { Acting, ActingContext } from '../../application/shared/history';

/** The acting person in Node's async-local storage: one per process, shared by the adapters that set and read it. */
class AsyncActingContext implements ActingContext {
  private readonly storage = new AsyncLocalStorage<Acting>();

  run<T>(acting: Acting, work: () => T): T {
    return this.storage.run(acting, work);
  }

  current(): Acting | undefined {
    return this.storage.getStore();
  }
}

export const actingContext: ActingContext = new AsyncActingContext();
