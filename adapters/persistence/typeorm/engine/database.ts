import { DataSource, EntityManager } from 'typeorm';
import { TransactionOptions, UnitOfWork } from '../../../../application/shared/ports';
import { ConcurrentModification } from '../../../../domain/shared/errors';
import { Dialect } from './dialect';
import { EntitySql } from './entity-sql';
import { Hydration } from './hydration';
import { PostgresEngine } from './postgres-engine';
import { QueryPlans } from './query-plans';
import { objectsOfTable, ResultTable, tableOfObjects } from './result-table';
import { forHydration, NamedParameters, positional, SqlQuery } from './sql';
import { SqliteEngine } from './sqlite-engine';
import { HeldTransaction, TransactionScope } from './transaction-scope';
import { isSerializationFailure, WriteFailure } from './write-failures';

/**
 * The database handle every TypeORM repository shares: the engine's whole
 * surface for the resources. What a repository calls on it:
 *
 * - statements: `sql` (named parameters to the engine's positional ones);
 * - reads: `read` (rows as arrays), `select` (rows as objects), `selectRows`,
 *   `findBy`, `findOneBy` and `hydrate` (rows as TypeORM hydrates an entity's),
 *   `tableOf`, `columnsOf`, `lockClause`, `walksIndexInOrder` (SQLite's plan);
 * - writes: `upsert` (an entity's row, with its history entry), `execute`,
 *   and `run` for TypeORM's own entity manager;
 * - transactions: `together` (a write with its history entry), `transaction`
 *   (a use case's, the `UnitOfWork` port), `inTransaction`.
 *
 * It hands out the entity manager of the current transaction, if any, and on
 * SQLite makes all writes wait for the single writer (`SqliteGroupCommit`):
 * one connection means that an open transaction would otherwise see, or roll
 * back, others' writes.
 *
 * Reads that need no transaction (`select`, `selectRows`) skip TypeORM's query
 * building and entity hydration: their SQL is prepared once and kept, and rows
 * are hydrated column by column by TypeORM's own driver (`Hydration`). On a
 * SQLite file they run on a read-only connection of their own, which in WAL
 * mode sees every committed write and never waits behind the writer's queue
 * (`SqliteEngine`); on Postgres several go in one round trip (`PostgresEngine`).
 */
export class TypeOrmDatabase implements UnitOfWork {
  private readonly scope = new TransactionScope();
  private readonly hydration: Hydration;
  private readonly entities: EntitySql;
  private readonly sqlite: SqliteEngine | undefined;
  private readonly postgres: PostgresEngine | undefined;
  private readonly plans = new QueryPlans(async (query) => (await this.read([query]))[0]);

  constructor(
    readonly dataSource: DataSource,
    readonly dialect: Dialect,
    /** Postgres: how many connections statements outside a transaction are pipelined on (none: the pool carries them). */
    options: { pipelines?: number } = {},
  ) {
    this.hydration = new Hydration(dataSource, dialect);
    this.entities = new EntitySql(dataSource, dialect);
    if (dialect === 'sqlite') this.sqlite = new SqliteEngine(dataSource, this.hydration, this.scope);
    else this.postgres = new PostgresEngine(dataSource, this.scope, options.pipelines);
  }

  /** Closes the read connection and the data source. */
  async close(): Promise<void> {
    this.sqlite?.close();
    await this.postgres?.close();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }

  /** `text` with named parameters (`:name`, `:...list`) in the engine's positional form. */
  sql(text: string, parameters: NamedParameters = {}): SqlQuery {
    return positional(this.dialect, text, parameters);
  }

  /**
   * The rows of each query, read together, as one consistent snapshot: in
   * the current transaction if one is open; otherwise in one read transaction
   * on SQLite, and on Postgres sent together from the pool in one round trip
   * (one implicit transaction).
   */
  async read(queries: SqlQuery[]): Promise<ResultTable[]> {
    const manager = this.scope.current();
    if (manager) {
      const transaction = this.scope.postgresOf(manager);
      if (transaction) return this.scope.inTurn(manager, () => this.postgres!.send(transaction, queries));
      return this.scope.inTurn(manager, async () => {
        const results: ResultTable[] = [];
        for (const query of queries) results.push(await this.queryIn(manager, query));
        return results;
      });
    }
    if (this.postgres) return this.postgres.send(undefined, queries);
    return this.sqlite!.read(queries);
  }

  /**
   * Whether SQLite reads `query` through one index in its order, with no
   * sort, so that it stops at its LIMIT (asked of the planner once per text).
   * Postgres chooses its plan per execution: always false there.
   */
  async walksIndexInOrder(query: SqlQuery): Promise<boolean> {
    if (this.dialect !== 'sqlite') return false;
    return this.plans.walksIndexInOrder(query);
  }

  /** The rows of each query as objects keyed by column name (counts, aggregates). */
  async select(queries: SqlQuery[]): Promise<Record<string, unknown>[][]> {
    return (await this.read(queries)).map(objectsOfTable);
  }

  /** The rows of `query` (`SELECT r.* FROM <entity's table> r …`) as TypeORM would hydrate the entity's. */
  async selectRows<Row>(entity: string, query: SqlQuery): Promise<Row[]> {
    const [table] = await this.read([forHydration(query)]);
    return this.hydrate<Row>(entity, table);
  }

  /**
   * The entity's rows whose columns equal the values of `where` (a list means
   * "one of"), in `order` (columns, each optionally followed by DESC);
   * `forUpdate` locks them until the current transaction ends (`lockClause`).
   */
  findBy<Row>(
    entity: string,
    where: { [K in keyof Row]?: Row[K] | Row[K][] },
    order: string[] = [],
    options: { forUpdate?: boolean } = {},
  ): Promise<Row[]> {
    const conditions = Object.entries(where).map(([column, value]) =>
      Array.isArray(value) ? `r.${column} IN (:...${column})` : `r.${column} = :${column}`,
    );
    const orderBy = order.length === 0 ? '' : ` ORDER BY ${order.map((key) => `r.${key}`).join(', ')}`;
    const lock = options.forUpdate ? this.lockClause : '';
    const text = `SELECT r.* FROM ${this.tableOf(entity)} r WHERE ${conditions.join(' AND ') || '1 = 1'}${orderBy}${lock}`;
    return this.selectRows<Row>(entity, this.sql(text, where as NamedParameters));
  }

  async findOneBy<Row>(entity: string, where: { [K in keyof Row]?: Row[K] }, options: { forUpdate?: boolean } = {}): Promise<Row | null> {
    const [row] = await this.findBy<Row>(entity, where, [], options);
    return row ?? null;
  }

  /**
   * Writes an entity's row: inserted when its primary key is new, otherwise
   * every other column replaced, in one statement. TypeORM's `save()` first
   * selects the row to decide between INSERT and UPDATE; a write path that
   * holds the whole row needs no such read. Values are prepared by TypeORM's
   * driver (transformers, booleans, dates), as `save()` prepares them; a row
   * with an undefined column, which `save()` would leave to its default,
   * goes through `save()`.
   *
   * `alongside` is a statement that must commit with the row (its history
   * entry): on Postgres it goes in the same statement, as a data-modifying
   * `WITH`, one round trip instead of two; elsewhere it runs right after.
   *
   * Given `failure` (what the write's failure is reported as), a Postgres
   * transaction holds the write back and sends it with its next statements
   * or its `COMMIT` (see `PostgresTransaction.hold`): its failure reaches
   * whoever sent those, or the transaction's commit, as `failure` reads it.
   */
  async upsert<Row extends object>(entity: string, row: Row, alongside?: SqlQuery | null, failure?: WriteFailure): Promise<void> {
    const writer = this.entities.upsertOf(entity);
    const values: unknown[] = [];
    for (const column of writer.columns) {
      const value = (row as Record<string, unknown>)[column.propertyName];
      if (value === undefined) {
        await this.run(async (m) => void (await m.getRepository<Row>(entity).save(row)));
        if (alongside) await this.execute(alongside);
        return;
      }
      values.push(this.dataSource.driver.preparePersistentValue(value, column));
    }
    if (alongside && this.dialect === 'postgres') {
      const shifted = alongside.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + values.length}`);
      const write = { sql: `WITH alongside AS (${shifted}) ${writer.sql}`, parameters: [...values, ...alongside.parameters], reusable: alongside.reusable };
      await this.execute(write, failure);
      return;
    }
    await this.execute({ sql: writer.sql, parameters: values, reusable: true }, failure);
    if (alongside) await this.execute(alongside);
  }

  /**
   * A statement whose rows, if any, are not wanted, in the current
   * transaction if one is open. Given `failure`, a Postgres transaction holds
   * it back (see `upsert`).
   */
  async execute(query: SqlQuery, failure?: WriteFailure): Promise<void> {
    // In a transaction the statement goes to its connection as a read does, which opens a Postgres transaction with it.
    const current = this.scope.current();
    const transaction = current && failure && this.scope.postgresOf(current);
    if (transaction) await this.scope.inTurn(current, async () => transaction.hold(this.postgres!.statement(query, failure)));
    else if (current) await this.scope.inTurn(current, () => this.queryIn(current, query));
    else if (this.postgres) await this.postgres.send(undefined, [query], failure);
    else await this.run((manager) => this.queryIn(manager, query));
  }

  /**
   * Rows of an entity's table, read in array form, as TypeORM would hydrate
   * them. Its columns are the first of their names from column `from` on: a
   * join of tables that share column names hydrates each from its own side.
   */
  hydrate<Row>(entity: string, table: ResultTable, from = 0): Row[] {
    return this.hydration.hydrate<Row>(entity, table, from);
  }

  /** The table an entity schema maps to. */
  tableOf(entity: string): string {
    return this.entities.tableOf(entity);
  }

  /** The columns of an entity's table, by their names in the database. */
  columnsOf(entity: string): string[] {
    return this.entities.columnsOf(entity);
  }

  /**
   * `query` on the connection of `manager`'s transaction. On Postgres it goes
   * to the transaction's client directly (see `PostgresEngine.send`);
   * elsewhere through TypeORM.
   */
  private async queryIn(manager: EntityManager, query: SqlQuery): Promise<ResultTable> {
    if (this.sqlite && query.hydrated) return this.sqlite.readInTransaction(query);
    const transaction = this.scope.postgresOf(manager);
    if (!transaction) {
      // TypeORM answers a SQLite write with its last row id, not rows.
      const result: unknown = await manager.query(query.sql, query.parameters);
      return Array.isArray(result) ? tableOfObjects(result as Record<string, unknown>[]) : { columns: [], rows: [] };
    }
    const [result] = await this.postgres!.send(transaction, [query]);
    return result;
  }

  /** Runs `work` with the current transaction's manager, or on its own. */
  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const current = this.scope.current();
    if (current) {
      // TypeORM's statements go to the connection directly: the transaction must be open before them.
      const transaction = this.scope.postgresOf(current);
      return this.scope.inTurn(current, async () => {
        await transaction?.started();
        return work(current);
      });
    }
    if (this.sqlite) return this.sqlite.exclusively((manager) => work(manager));
    return work(this.dataSource.manager);
  }

  /**
   * SQLite: copies the write-ahead log into the database and empties it, so
   * that no earlier version of a page lingers there (see `SqliteEngine.checkpoint`);
   * false when the writer was busy. Postgres keeps no such file of ours: true.
   */
  checkpoint(): boolean {
    return this.sqlite?.checkpoint() ?? true;
  }

  get inTransaction(): boolean {
    return this.scope.current() !== undefined;
  }

  /**
   * `work` in a transaction, or in the current one if one is open. When it
   * returns, the writes `work` made have been made, or have failed in it:
   * inside a transaction of the caller's, what a Postgres transaction holds
   * back is sent first (the use case's errors stay the use case's, for
   * whoever runs it inside a transaction of its own: an idempotent request).
   */
  async transaction<T>(work: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const current = this.scope.current();
    if (!current) {
      const held = this.scope.heldTransaction();
      return held && !held.opening ? this.openHeld(held, work, options) : this.together(work, options);
    }
    const result = await work();
    const transaction = this.scope.postgresOf(current);
    if (transaction) await this.scope.inTurn(current, () => transaction.sendHeld());
    return result;
  }

  async holdingCommit<T>(work: () => Promise<T>, finish: (result: T) => Promise<void>): Promise<T> {
    const held: HeldTransaction = {};
    let result: T;
    try {
      result = await this.scope.holding(held, work);
    } catch (error) {
      held.settle?.(() => Promise.reject(error));
      await held.ended?.catch(() => undefined);
      throw error;
    }
    if (!held.settle) {
      await this.transaction(() => finish(result));
      return result;
    }
    held.settle(() => finish(result));
    await held.ended;
    return result;
  }

  /**
   * Opens a request's held transaction: `work` runs in it and its result is
   * answered at once, while the transaction stays open, the request's
   * statements joining it, for what the request settles last. A `work` that
   * fails rolls it back, and the request may open another.
   */
  private openHeld<T>(held: HeldTransaction, work: () => Promise<T>, options: TransactionOptions): Promise<T> {
    held.opening = true;
    let last!: (settled: () => Promise<void>) => void;
    const settled = new Promise<() => Promise<void>>((resolve) => (last = resolve));
    let answered = false;
    return new Promise<T>((resolve, reject) => {
      const ended = this.together(async () => {
        held.manager = this.scope.current();
        // Joined, as a nested transaction: its writes are sent (and refused) before it answers.
        const value = await this.transaction(work);
        answered = true;
        held.settle = last;
        held.ended = ended;
        resolve(value);
        await (await settled)();
      }, options);
      ended
        .catch((error: unknown) => {
          if (answered) return;
          Object.assign(held, { opening: false, manager: undefined, settle: undefined, ended: undefined });
          reject(error);
        })
        .finally(() => (held.manager = undefined));
    });
  }

  /**
   * `work`'s statements in one transaction, the current one if one is open,
   * as a repository groups a write with its history entry: a write held back
   * in it may be sent after it returns, with what follows in the
   * transaction, or its commit.
   */
  together<T>(work: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    if (this.scope.current()) return work();
    if (this.sqlite) return this.sqlite.exclusively(work, { alone: options.bulk === true });
    if (!options.serializable) return this.postgres!.transaction(work, options);
    return this.postgres!.transaction(work, options).catch((error: unknown) => {
      // 40001: another transaction changed what this one read; 40P01: the two waited on each other.
      if (isSerializationFailure(error)) throw new ConcurrentModification();
      throw error;
    });
  }

  /** Connections at work, idle, and the units of work waiting for one (SQLite: for its one writer), for metrics. */
  connectionStats(): { busy: number; idle: number; waiting: number } {
    return this.postgres ? this.postgres.connectionStats() : this.sqlite!.connectionStats();
  }

  /**
   * The lock a writer takes on a row it reads to change, where the engine
   * has row locks (SQLite serialises writers instead): on Postgres
   * `FOR NO KEY UPDATE`, which holds other writers of the row but not a new
   * record naming it, whose foreign key takes a key share lock on it
   * (`FOR UPDATE` refuses that one: a profile being edited held up every
   * expense its person recorded). A write that does change a key of the row
   * takes the stronger lock itself.
   */
  get lockClause(): string {
    return this.dialect === 'postgres' ? ' FOR NO KEY UPDATE' : '';
  }
}
