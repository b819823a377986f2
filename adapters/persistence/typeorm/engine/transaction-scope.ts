import { EntityManager } from 'typeorm';
import { AsyncSlot } from '../../../system/scoped-async-local-storage';
import { PostgresTransaction } from './postgres-transaction';

/**
 * The transaction the current asynchronous context runs in, if any: its
 * entity manager, its Postgres transaction, and the queue of the work sent to
 * its one connection.
 */
export class TransactionScope {
  private readonly manager = new AsyncSlot<EntityManager>('transaction');
  /** The last piece of work queued on each open transaction's connection. */
  private readonly turns = new WeakMap<EntityManager, Promise<unknown>>();
  /** Postgres: each open transaction's connection, by the entity manager bound to it. */
  private readonly postgresTransactions = new WeakMap<EntityManager, PostgresTransaction>();

  /** The entity manager of the current transaction, if one is open. */
  current(): EntityManager | undefined {
    return this.manager.get();
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
