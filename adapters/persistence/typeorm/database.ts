import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { UnitOfWork } from '../../../application/shared/ports';
import { Dialect } from './columns';

/**
 * The database handle every TypeORM repository shares. It hands out the
 * entity manager of the current transaction, if any, and on SQLite makes all
 * work outside transactions wait for the single writer: one connection means
 * that an open transaction would otherwise see, or roll back, others' writes.
 */
export class TypeOrmDatabase implements UnitOfWork {
  private readonly transactionManager = new AsyncLocalStorage<EntityManager>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dataSource: DataSource,
    readonly dialect: Dialect,
  ) {}

  /** Runs `work` with the current transaction's manager, or on its own. */
  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const current = this.transactionManager.getStore();
    if (current) return work(current);
    if (this.dialect === 'sqlite') return this.exclusively(() => work(this.dataSource.manager));
    return work(this.dataSource.manager);
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.transactionManager.getStore()) return work();
    const begin = () =>
      this.dataSource.transaction((manager) => this.transactionManager.run(manager, work));
    return this.dialect === 'sqlite' ? this.exclusively(begin) : begin();
  }

  /** Row locks where the engine has them; SQLite serialises writers instead. */
  get lockForUpdate(): { mode: 'pessimistic_write' } | undefined {
    return this.dialect === 'postgres' ? { mode: 'pessimistic_write' } : undefined;
  }

  private exclusively<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work, work);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

/** Whether a write failed on a unique constraint, optionally one naming `column`. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = (error as QueryFailedError & { driverError?: { code?: string; detail?: string; message?: string } })
    .driverError;
  const code = driverError?.code ?? '';
  const text = `${driverError?.message ?? ''} ${driverError?.detail ?? ''}`;
  const unique = code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  return unique && (column === undefined || text.includes(column));
}

/** Whether a write failed because a row it references is gone, or a row it deletes is still referenced. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error as QueryFailedError & { driverError?: { code?: string } }).driverError?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
