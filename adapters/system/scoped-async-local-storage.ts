import { AsyncLocalStorage } from 'node:async_hooks';

/** How long no `run` may be in progress before the storage is switched off. */
const IDLE_MS = 1000;

/**
 * Node's `AsyncLocalStorage`, switched off while it is not used. On Node 20 a
 * storage, once run, has every promise of the process pay for async hooks
 * from then on, whether or not it reads the store (docs/performance.md). The
 * work that needs a store (a transaction, a write's acting person) is a
 * share of the requests; once none has been in progress for a second, the
 * storage is disabled, and the hooks with it when no other storage is on,
 * until the next `run`. Not at once: each switch changes V8's promise hooks,
 * which it may answer by throwing away optimised code, so switching at every
 * write does not pay.
 *
 * What `run` is given must be the whole of what needs the store, awaited:
 * once the storage is off, the store is gone for anything it left running,
 * as it should be for a transaction's manager after its commit.
 */
export class ScopedAsyncLocalStorage<T> {
  private readonly storage = new AsyncLocalStorage<T>();
  private running = 0;
  private lastSettled = 0;
  private idleCheck: NodeJS.Timeout | undefined;

  constructor(private readonly idleMs = IDLE_MS) {}

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
    this.lastSettled = performance.now();
    if (this.running === 0 && !this.idleCheck) this.checkIdleIn(this.idleMs);
  }

  /** One timer at a time, however many runs settle meanwhile: it looks again if one ran since. */
  private checkIdleIn(ms: number): void {
    this.idleCheck = setTimeout(() => {
      this.idleCheck = undefined;
      if (this.running > 0) return;
      const idleFor = performance.now() - this.lastSettled;
      if (idleFor >= this.idleMs) this.storage.disable();
      else this.checkIdleIn(this.idleMs - idleFor);
    }, ms).unref();
  }
}

/**
 * The one storage every `AsyncSlot` keeps its value in. On Node 20 each
 * storage in use copies its store into every promise the process makes:
 * each storage more (a write's acting person, its transaction) makes every
 * `await` of every request dearer while writes run (docs/performance.md).
 */
const slots = new ScopedAsyncLocalStorage<Readonly<Record<symbol, unknown>>>();

/**
 * A value carried along an asynchronous operation, in the one storage all
 * slots share: a run of one slot keeps the values the other slots have
 * where it starts (a transaction opened for a write keeps its acting
 * person), and its own value holds for its work only.
 */
export class AsyncSlot<T> {
  private readonly key: symbol;

  constructor(name: string) {
    this.key = Symbol(name);
  }

  run<R>(value: T, work: () => Promise<R>): Promise<R> {
    return slots.run({ ...slots.getStore(), [this.key]: value }, work);
  }

  get(): T | undefined {
    return slots.getStore()?.[this.key] as T | undefined;
  }
}
