import { Acting, ActingContext } from '../../application/shared/history';
import { ScopedAsyncLocalStorage } from './scoped-async-local-storage';

/** The acting person in Node's async-local storage: one per process, shared by the adapters that set and read it. */
class AsyncActingContext implements ActingContext {
  private readonly storage = new ScopedAsyncLocalStorage<Acting>();

  run<T>(acting: Acting, work: () => Promise<T>): Promise<T> {
    return this.storage.run(acting, work);
  }

  current(): Acting | undefined {
    return this.storage.getStore();
  }
}

export const actingContext: ActingContext = new AsyncActingContext();
