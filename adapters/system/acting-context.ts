import { Acting, ActingContext } from '../../application/shared/history';
import { AsyncSlot } from './scoped-async-local-storage';

/** The acting person in an async-local slot: one per process, shared by the adapters that set and read it. */
class AsyncActingContext implements ActingContext {
  private readonly slot = new AsyncSlot<Acting>('acting person');

  run<T>(acting: Acting, work: () => Promise<T>): Promise<T> {
    return this.slot.run(acting, work);
  }

  current(): Acting | undefined {
    return this.slot.get();
  }
}

export const actingContext: ActingContext = new AsyncActingContext();
