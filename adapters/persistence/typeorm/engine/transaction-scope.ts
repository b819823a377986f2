import { EntityManager } from 'typeorm';
import { AsyncSlot } from '../../../system/scoped-async-local-storage';
import { PostgresTransaction } from './postgres-transaction';

/**
 * The transaction of a request whose commit is held (`UnitOfWork.holdingCommit`):
 * none until the request opens its first; from then on, until it commits,
 * the request's every statement runs in it, as if it ran inside.
 */
export interface HeldTransaction {
  opening?: boolean;
  manager?: EntityManager;
  /** What runs last in it; it commits when that resolves, and rolls back when it throws. */
  settle?(last: () => Promise<void>): void;
  /** Its end: the commit, or the rollback's error. */
  ended?: Promise<void>;
}

/**
 * The transaction the current asynchronous context runs in, if any: its
 * entity manager, its Postgres transaction, and the queue of the work sent to
 * its one connection.
 */
export class TransactionScope {
  private readonly manager = new AsyncSlot<EntityManager>('transaction');
  private readonly held = new AsyncSlot<HeldTransaction>('held transaction');
  /** The last piece of work queued on each open transaction's connection. */
  private readonly turns = new WeakMap<EntityManager, Promise<unknown>>();
  /** Postgres: each open transaction's connection, by the entity manager bound to it. */
  private readonly postgresTransactions = new WeakMap<EntityManager, PostgresTransaction>();

  /** The entity manager of the current transaction, if one is open. */
  current(): EntityManager | undefined {
    return this.manager.get() ?? this.held.get()?.manager;
  }

  /** The held transaction of the request the current context serves, if its commit is held. */
  heldTransaction(): HeldTransaction | undefined {
    return this.held.get();
  }

  /** `work` as a request whose first transaction is held (`held`). */
  holding<T>(held: HeldTransaction, work: () => Promise<T>): Promise<T> {
    return this.held.run(held, work);
  }

  /** Postgres: the transaction `manager` is bound to. */
  postgresOf(manager: EntityManager): PostgresTransaction | undefined {
    return this.postgresTransactions.get(manager);
  }

  /** `work` with `manager`'s transaction as the current one (on Postgres, `postgres` its connection). */
  within<T>(manager: EntityManager, work: () => Promise<T>, postgres?: PostgresTransaction): Promise<T> {
    if (postgres) this.postgresTransactions.set(manager, postgres);
    return this.manager.run(manager, work);
  }

  /**
   * Work on a transaction's one connection, one piece after the other: reads
   * started side by side (a view's look-ups) would otherwise be sent to it at
   * once, which pg only queues with a deprecation warning.
   */
  inTurn<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
    const previous = this.turns.get(manager) ?? Promise.resolve();
    const next = previous.then(work, work);
    this.turns.set(manager, next.catch(() => undefined));
    return next;
  }
}
