import { createHash } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { CustomTypesConfig, Pool, PoolClient } from 'pg';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { UnitOfWork } from '../../../../application/shared/ports';
import { ConcurrentModification } from '../../../../domain/shared/errors';
import { Dialect } from '../columns';
import { postgresDateTimeReader, sqliteDateTimeReader } from './date-time-text';
import { SqliteGroupCommit } from './sqlite-group-commit';
import { forHydration, NamedParameters, positional, SqlQuery } from './sql';
import { AsyncSlot } from '../../../system/scoped-async-local-storage';
import { PostgresTransaction, TransactionConnections } from './postgres-transaction';
import { onPool, PostgresAnswer, PostgresPipelines, PostgresStatement } from './postgres-statements';

/** What a write's failure is reported as (a repository's translation of a constraint's violation). */
export type WriteFailure = (error: QueryFailedError) => unknown;

/** Rows as engines send them in array mode: the column names once, then one array of values per row. */
export interface ResultTable {
  columns: string[];
  rows: unknown[][];
}

interface PreparedStatement {
  prepared: BetterSqlite3.Statement;
  columns: string[];
}

function tableOfObjects(objects: Record<string, unknown>[]): ResultTable {
  const columns = objects.length === 0 ? [] : Object.keys(objects[0]);
  return { columns, rows: objects.map((object) => columns.map((column) => object[column])) };
}

function objectsOfTable(table: ResultTable): Record<string, unknown>[] {
  return table.rows.map((values) => {
    const object: Record<string, unknown> = {};
    table.columns.forEach((column, index) => (object[column] = values[index]));
    return object;
  });
}

const TEXT_TYPES = new Set<unknown>(['varchar', 'text']);

/** One array of values, in the order of a result's columns, as an entity's row. */
type Hydrator = (values: unknown[]) => unknown;

const DATE_OID = 1082;
const TIMESTAMPTZ_OID = 1184;

/** node-postgres's type parsers, loaded on Postgres only. */
function postgresTypes(): typeof import('pg').types {
  return (require('pg') as typeof import('pg')).types;
}

let textDates: CustomTypesConfig | undefined;

/**
 * node-postgres's parsers, but dates and `timestamptz`s left as text, for
 * queries whose rows are hydrated: the hydrator reads them by their digits
 * (see date-time-text), where node-postgres would run `postgres-date`'s
 * regular expressions and TypeORM would turn a date back into text.
 */
function postgresTextDates(): CustomTypesConfig {
  if (!textDates) {
    const types = postgresTypes();
    const asText = (text: string) => text;
    const getTypeParser = (oid: number, format?: string) =>
      oid === DATE_OID || oid === TIMESTAMPTZ_OID ? asText : types.getTypeParser(oid, format as 'text');
    textDates = { getTypeParser: getTypeParser as CustomTypesConfig['getTypeParser'] };
  }
  return textDates;
}

/** The SQLite writing connection's page cache, in KiB (see the constructor). */
const WRITER_PAGE_CACHE_KIB = 2_000;

/** How many prepared statements a SQLite connection keeps (SQL texts come from code; IN lists vary in length). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The database handle every TypeORM repository shares. It hands out the
 * entity manager of the current transaction, if any, and on SQLite makes all
 * writes wait for the single writer (`SqliteGroupCommit`): one connection
 * means that an open transaction would otherwise see, or roll back, others'
 * writes.
 *
 * Reads that need no transaction (`select`, `selectRows`) skip TypeORM's query
 * building and entity hydration: their SQL is prepared once and kept, and rows
 * are hydrated column by column by TypeORM's own driver. On a SQLite file they
 * run on a read-only connection of their own, which in WAL mode sees every
 * committed write and never waits behind the writer's queue.
 */
export class TypeOrmDatabase implements UnitOfWork {
  private readonly transactionManager = new AsyncSlot<EntityManager>('transaction');
  /** The last piece of work queued on each open transaction's connection. */
  private readonly turns = new WeakMap<EntityManager, Promise<unknown>>();
  /** Postgres: each open transaction's connection, by the entity manager bound to it. */
  private readonly postgresTransactions = new WeakMap<EntityManager, PostgresTransaction>();
  private writer: SqliteGroupCommit | undefined;
  private reader: BetterSqlite3.Database | null | undefined;
  private readonly statements = new Map<BetterSqlite3.Database, LRUCache<string, PreparedStatement>>();
  private readonly hydrators = new Map<string, Hydrator>();
  /** Hydrators by the column list of a kept SQLite statement (the same array on every run), spared building the list's key. */
  private readonly hydratorsOfColumns = new WeakMap<string[], Map<string, Hydrator>>();
  /** Table names by entity: TypeORM finds an entity's metadata by a search, and several requests' statements name tables. */
  private readonly tableNames = new Map<string, string>();
  private readonly upserts = new Map<string, { sql: string; columns: ColumnMetadata[] }>();
  private readonly statementNames = new Map<string, string>();
  /** Postgres: the connections that statements outside a transaction are pipelined on. */
  private pipelines: PostgresPipelines | undefined;
  /** Postgres: the transactions holding a connection of the pool, for whose answers the pipelined ones make way. */
  private connectedTransactions = 0;

  constructor(
    readonly dataSource: DataSource,
    readonly dialect: Dialect,
    /** Postgres: how many connections statements outside a transaction are pipelined on (none: the pool carries them). */
    private readonly options: { pipelines?: number } = {},
  ) {
    // A write's savepoint keeps the pages it changes in a sub-journal, which SQLite moves to a temporary
    // file once it passes 64 KiB: a create touches that many (a dozen indexes, the search index, the
    // history row), so each group of writes opened, wrote and deleted a file in /var/tmp. Set on the
    // writing connection once the database is open and migrated: a migration's index build sorts more
    // than memory should hold, and reads run on another connection, whose large sorts keep their files.
    //
    // Its page cache is SQLite's own default, 2 MiB, not better-sqlite3's 16: what stays in it is what the
    // writes touched, and under a steady stream of creates it filled with the new pages until it held 16 MiB,
    // the process's memory growing by some 5 MB a minute for three minutes (docs/performance.md); a write
    // needs only the paths to the ends of its tables and indexes. The read connection keeps its 16 MiB,
    // the pages the lists and searches read.
    if (dialect === 'sqlite' && dataSource.isInitialized) {
      const writer = this.writeConnection();
      writer.pragma('temp_store = MEMORY');
      writer.pragma(`cache_size = -${WRITER_PAGE_CACHE_KIB}`);
    }
  }

  /** Closes the read connection and the data source. */
  async close(): Promise<void> {
    this.reader?.close();
    this.reader = null;
    await this.pipelines?.close();
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
    const manager = this.transactionManager.get();
    if (manager) {
      const transaction = this.postgresTransactions.get(manager);
      if (transaction) return this.inTurn(manager, () => this.onPostgres(transaction, queries));
      return this.inTurn(manager, async () => {
        const results: ResultTable[] = [];
        for (const query of queries) results.push(await this.queryIn(manager, query));
        return results;
      });
    }
    if (this.dialect === 'postgres') return this.onPostgres(undefined, queries);
    // TypeORM logs the queries it sends when logging is on: those sent past it are logged alike.
    if (this.dataSource.options.logging) for (const query of queries) this.dataSource.logger.logQuery(query.sql, query.parameters);
    const reader = this.readConnection();
    if (reader) return this.readAll(reader, queries);
    const writer = this.writeConnection();
    return this.exclusively(async () => this.readAll(writer, queries));
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
    const writer = this.upsertOf(entity);
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
    const current = this.transactionManager.get();
    const transaction = current && failure && this.postgresTransactions.get(current);
    if (transaction) await this.inTurn(current, async () => transaction.hold(this.postgresStatement(query, failure)));
    else if (current) await this.inTurn(current, () => this.queryIn(current, query));
    else if (this.dialect === 'postgres') await this.onPostgres(undefined, [query], failure);
    else await this.run((manager) => this.queryIn(manager, query));
  }

  /**
   * Rows of an entity's table, read in array form, as TypeORM would hydrate
   * them. Its columns are the first of their names from column `from` on: a
   * join of tables that share column names hydrates each from its own side.
   */
  hydrate<Row>(entity: string, table: ResultTable, from = 0): Row[] {
    const hydrate = this.hydratorOf(entity, table.columns, from);
    return table.rows.map((values) => hydrate(values) as Row);
  }

  /** The table an entity schema maps to. */
  tableOf(entity: string): string {
    let table = this.tableNames.get(entity);
    if (table === undefined) this.tableNames.set(entity, (table = this.dataSource.getMetadata(entity).tableName));
    return table;
  }

  /** The columns of an entity's table, by their names in the database. */
  columnsOf(entity: string): string[] {
    return this.dataSource.getMetadata(entity).columns.map((column) => column.databaseName);
  }

  private readAll(connection: BetterSqlite3.Database, queries: SqlQuery[]): ResultTable[] {
    const read = () =>
      queries.map((query) => {
        const statement = this.statement(connection, query.sql);
        return { columns: statement.columns, rows: statement.prepared.all(...query.parameters) as unknown[][] };
      });
    return queries.length === 1 ? read() : connection.transaction(read).deferred();
  }

  /**
   * `query` on the connection of `manager`'s transaction. On Postgres it goes
   * to the transaction's client directly (see `onPostgres`); elsewhere
   * through TypeORM.
   */
  private async queryIn(manager: EntityManager, query: SqlQuery): Promise<ResultTable> {
    if (this.dialect === 'sqlite' && query.hydrated) {
      // A read whose rows are hydrated, on the one connection, whose transaction this is: rows as arrays, as
      // outside a transaction (TypeORM's objects would keep one of two columns of the same name).
      if (this.dataSource.options.logging) this.dataSource.logger.logQuery(query.sql, query.parameters);
      try {
        return this.readAll(this.writeConnection(), [query])[0];
      } catch (error) {
        throw new QueryFailedError(query.sql, query.parameters, error as Error);
      }
    }
    const transaction = this.postgresTransactions.get(manager);
    if (!transaction) {
      // TypeORM answers a SQLite write with its last row id, not rows.
      const result: unknown = await manager.query(query.sql, query.parameters);
      return Array.isArray(result) ? tableOfObjects(result as Record<string, unknown>[]) : { columns: [], rows: [] };
    }
    const [result] = await this.onPostgres(transaction, [query]);
    return result;
  }

  /**
   * `queries` in a Postgres transaction, or outside one on the pipelined
   * connections (or the pool), sent together in one round trip (see
   * postgres-statements), rows as arrays, a reusable text as a named
   * statement; a failure wrapped as TypeORM wraps it.
   */
  private onPostgres(transaction: PostgresTransaction | undefined, queries: SqlQuery[], failure?: WriteFailure): Promise<ResultTable[]> {
    const statements = queries.map((query) => this.postgresStatement(query, failure));
    return transaction ? transaction.query(statements) : this.outside(statements);
  }

  /** Statements outside a transaction, in one round trip: on the pipelined connections if there are any, else from the pool. */
  private outside(statements: PostgresStatement[]): Promise<PostgresAnswer[]> {
    const pool = this.pool();
    if (!this.options.pipelines) return onPool(pool, statements);
    this.pipelines ??= new PostgresPipelines(pool, this.options.pipelines, undefined, () => this.connectedTransactions > 0);
    return this.pipelines.query(statements);
  }

  /** `query` as node-postgres is given it (logged first when TypeORM logs the queries it sends). */
  private postgresStatement(query: SqlQuery, failure?: WriteFailure): PostgresStatement {
    if (this.dataSource.options.logging) this.dataSource.logger.logQuery(query.sql, query.parameters);
    return {
      name: query.reusable ? this.statementName(query.sql) : undefined,
      text: query.sql,
      values: query.parameters,
      types: query.hydrated ? postgresTextDates() : undefined,
      failure,
    };
  }

  /** Postgres: TypeORM's pool of connections. */
  private pool(): Pool {
    return (this.dataSource.driver as unknown as { master: Pool }).master;
  }

  /** The statement of `sql`, prepared once per connection, answering rows as arrays (half the cost of objects). */
  private statement(connection: BetterSqlite3.Database, sql: string): PreparedStatement {
    let cache = this.statements.get(connection);
    if (!cache) this.statements.set(connection, (cache = new LRUCache({ max: STATEMENT_CACHE_SIZE })));
    let statement = cache.get(sql);
    if (!statement) {
      const prepared = connection.prepare(sql).raw(true);
      statement = { prepared, columns: prepared.columns().map((column) => column.name) };
      this.hydratorsOfColumns.set(statement.columns, new Map());
      cache.set(sql, statement);
    }
    return statement;
  }

  /**
   * The name a Postgres statement is prepared under on each connection that
   * runs it: parsed (and after a few runs planned) once per connection rather
   * than on every request. Only texts without a spread list are named, so the
   * number each connection keeps is that of the reads the code writes.
   */
  private statementName(sql: string): string {
    let name = this.statementNames.get(sql);
    if (!name) this.statementNames.set(sql, (name = `r_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`));
    return name;
  }

  private writeConnection(): BetterSqlite3.Database {
    return (this.dataSource.driver as unknown as { databaseConnection: BetterSqlite3.Database }).databaseConnection;
  }

  /** SQLite's read-only connection beside the writer, opened on first use; none for an in-memory database. */
  private readConnection(): BetterSqlite3.Database | null {
    if (this.reader === undefined) {
      const file = this.dataSource.options.database as string;
      if (file === ':memory:' || !this.dataSource.isInitialized) return null;
      const reader = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
      reader.pragma('busy_timeout = 5000');
      reader.defaultSafeIntegers(true);
      this.reader = reader;
    }
    return this.reader;
  }

  /** The INSERT … ON CONFLICT … DO UPDATE of an entity, made once. */
  private upsertOf(entity: string): { sql: string; columns: ColumnMetadata[] } {
    let writer = this.upserts.get(entity);
    if (!writer) {
      const metadata = this.dataSource.getMetadata(entity);
      const columns = metadata.columns;
      const quoted = (column: ColumnMetadata) => `"${column.databaseName}"`;
      const placeholders = columns.map((_, i) => (this.dialect === 'sqlite' ? '?' : `$${i + 1}`));
      const keys = metadata.primaryColumns.map(quoted);
      const updates = columns.filter((column) => !column.isPrimary).map((column) => `${quoted(column)} = excluded.${quoted(column)}`);
      const sql =
        `INSERT INTO "${metadata.tableName}" (${columns.map(quoted).join(', ')}) VALUES (${placeholders.join(', ')}) ` +
        `ON CONFLICT (${keys.join(', ')}) DO ${updates.length > 0 ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`;
      writer = { sql, columns };
      this.upserts.set(entity, writer);
    }
    return writer;
  }

  /** Turns one array of values, in the order of `columns`, into the entity's row; made once per entity and column list. */
  private hydratorOf(entity: string, columns: string[], from: number): Hydrator {
    // Only a kept statement's list is registered: other results (Postgres's, a write's) have a list of their own each time.
    const byEntity = this.hydratorsOfColumns.get(columns);
    const entityFrom = from === 0 ? entity : `${entity}@${from}`;
    let hydrate = byEntity?.get(entityFrom);
    if (!hydrate) {
      hydrate = this.hydratorByKey(entity, columns, from);
      byEntity?.set(entityFrom, hydrate);
    }
    return hydrate;
  }

  private hydratorByKey(entity: string, columns: string[], from: number): Hydrator {
    const key = `${entity}@${from}:${columns.join(',')}`;
    let hydrate = this.hydrators.get(key);
    if (!hydrate) {
      const { driver } = this.dataSource;
      const metadata: ColumnMetadata[] = this.dataSource.getMetadata(entity).columns;
      // Text arrives as text on both engines: TypeORM's conversion is the identity for it, and is skipped;
      // SQLite's date-times are read by their digits.
      const read = metadata.map((column) => {
        const typeorm = (value: unknown) => driver.prepareHydratedValue(value, column);
        let convert: ((value: unknown) => unknown) | null = typeorm;
        if (TEXT_TYPES.has(column.type) && !column.transformer) convert = null;
        else if (this.dialect === 'sqlite' && column.type === 'datetime' && !column.transformer) convert = sqliteDateTimeReader(typeorm);
        else if (this.dialect === 'postgres' && column.type === 'timestamptz' && !column.transformer) {
          // The text of a hydrated query (`postgresTextDates`); any other form as node-postgres reads it, then TypeORM.
          const parse = postgresTypes().getTypeParser(TIMESTAMPTZ_OID, 'text');
          convert = postgresDateTimeReader((value) => typeorm(typeof value === 'string' ? parse(value) : value));
        }
        return { property: column.propertyName, index: columns.indexOf(column.databaseName, from), convert };
      });
      hydrate = (values) => {
        const row: Record<string, unknown> = {};
        for (const { property, index, convert } of read) {
          const value = index < 0 ? undefined : values[index];
          row[property] = convert ? convert(value) : value;
        }
        return row;
      };
      this.hydrators.set(key, hydrate);
    }
    return hydrate;
  }

  /** Runs `work` with the current transaction's manager, or on its own. */
  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const current = this.transactionManager.get();
    if (current) {
      // TypeORM's statements go to the connection directly: the transaction must be open before them.
      const transaction = this.postgresTransactions.get(current);
      return this.inTurn(current, async () => {
        await transaction?.started();
        return work(current);
      });
    }
    if (this.dialect === 'sqlite') return this.exclusively((manager) => work(manager));
    return work(this.dataSource.manager);
  }

  get inTransaction(): boolean {
    return this.transactionManager.get() !== undefined;
  }

  /**
   * `work` in a transaction, or in the current one if one is open. When it
   * returns, the writes `work` made have been made, or have failed in it:
   * inside a transaction of the caller's, what a Postgres transaction holds
   * back is sent first (the use case's errors stay the use case's, for
   * whoever runs it inside a transaction of its own: an idempotent request).
   */
  async transaction<T>(work: () => Promise<T>, options: { serializable?: boolean } = {}): Promise<T> {
    const current = this.transactionManager.get();
    if (!current) return this.together(work, options);
    const result = await work();
    const transaction = this.postgresTransactions.get(current);
    if (transaction) await this.inTurn(current, () => transaction.sendHeld());
    return result;
  }

  /**
   * `work`'s statements in one transaction, the current one if one is open,
   * as a repository groups a write with its history entry: a write held back
   * in it may be sent after it returns, with what follows in the
   * transaction, or its commit.
   */
  together<T>(work: () => Promise<T>, options: { serializable?: boolean } = {}): Promise<T> {
    if (this.transactionManager.get()) return work();
    if (this.dialect === 'sqlite') return this.exclusively(work);
    if (!options.serializable) return this.onPostgresConnection(work, options);
    return this.onPostgresConnection(work, options).catch((error: unknown) => {
      // 40001: another transaction changed what this one read; 40P01: the two waited on each other.
      if (isSerializationFailure(error)) throw new ConcurrentModification();
      throw error;
    });
  }

  /**
   * Postgres: `work` in a transaction, opened with its first statement (see
   * `PostgresTransaction`) rather than in a round trip of its own, as
   * TypeORM's `transaction` opens it (and a serializable one in two), on a
   * pooled connection taken when it first sends something; one that only
   * writes at its commit is sent where statements outside a transaction go.
   * The TypeORM query runner of that connection is marked as in a
   * transaction, so that TypeORM's own writes join it rather than open one.
   */
  private async onPostgresConnection<T>(work: () => Promise<T>, options: { serializable?: boolean }): Promise<T> {
    const runner = this.dataSource.createQueryRunner() as PostgresQueryRunner;
    const logging = Boolean(this.dataSource.options.logging);
    const connections: TransactionConnections = {
      connect: () => {
        this.connectedTransactions++;
        return runner.connect() as Promise<PoolClient>;
      },
      together: (statements) => this.outside(statements),
    };
    const transaction = new PostgresTransaction(connections, options, (sql) => logging && this.dataSource.logger.logQuery(sql));
    this.postgresTransactions.set(runner.manager, transaction);
    runner.isTransactionActive = true;
    let unusable: Error | undefined;
    try {
      const result = await this.transactionManager.run(runner.manager, work);
      await transaction.commit();
      return result;
    } catch (error) {
      try {
        await transaction.rollback();
      } catch (rollbackFailure) {
        // The error that stopped the transaction is the one to report; a connection that cannot roll back
        // is not given back to the pool (released with an error, the pool closes it).
        unusable = rollbackFailure as Error;
      }
      throw error;
    } finally {
      runner.isTransactionActive = false;
      if (transaction.connected) this.connectedTransactions--;
      // TypeORM's public `release` gives the connection back as fit for use; this is what it calls with an error.
      await (runner as unknown as { releasePostgresConnection(error?: Error): Promise<void> }).releasePostgresConnection(unusable);
    }
  }

  /** Connections at work, idle, and the units of work waiting for one (SQLite: for its one writer), for metrics. */
  connectionStats(): { busy: number; idle: number; waiting: number } {
    if (this.dialect === 'postgres') {
      const pool = this.pool();
      return { busy: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount };
    }
    const writer = this.writer?.state() ?? { writing: false, waiting: 0 };
    return { busy: writer.writing ? 1 : 0, idle: writer.writing ? 0 : 1, waiting: writer.waiting };
  }

  /**
   * Work on a transaction's one connection, one piece after the other: reads
   * started side by side (a view's look-ups) would otherwise be sent to it at
   * once, which pg only queues with a deprecation warning.
   */
  private inTurn<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
    const previous = this.turns.get(manager) ?? Promise.resolve();
    const next = previous.then(work, work);
    this.turns.set(manager, next.catch(() => undefined));
    return next;
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

  /** SQLite: `work` alone on the writer, in a transaction of its own committed with others waiting (group commit). */
  private exclusively<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    this.writer ??= new SqliteGroupCommit(this.dataSource);
    return this.writer.submit((manager) => this.transactionManager.run(manager, () => work(manager)));
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

/** Whether Postgres aborted a transaction to keep it serializable (or out of a deadlock). */
export function isSerializationFailure(error: unknown): boolean {
  const code = (error as { driverError?: { code?: string }; code?: string })?.driverError?.code ?? (error as { code?: string })?.code;
  return code === '40001' || code === '40P01';
}

/** Whether a write failed on a foreign key: a row still referenced, or a reference to a row gone. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error as QueryFailedError & { driverError?: { code?: string } }).driverError?.code ?? '';
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
