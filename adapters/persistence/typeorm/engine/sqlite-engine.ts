import BetterSqlite3 from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { Hydration } from './hydration';
import { ResultTable } from './result-table';
import { SqlQuery } from './sql';
import { SqliteGroupCommit } from './sqlite-group-commit';
import { TransactionScope } from './transaction-scope';

interface PreparedStatement {
  prepared: BetterSqlite3.Statement;
  columns: string[];
}

/** The SQLite writing connection's page cache, in KiB (see the constructor). */
const WRITER_PAGE_CACHE_KIB = 2_000;

/** How many prepared statements a SQLite connection keeps (SQL texts come from code; IN lists vary in length). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * SQLite's connections: TypeORM's, the one writer, on which every write
 * waits its turn (`SqliteGroupCommit`), and on a file a read-only one beside
 * it, which in WAL mode sees every committed write and never waits behind the
 * writer's queue. Statements read past TypeORM are prepared once per
 * connection and kept, and answer rows as arrays.
 */
export class SqliteEngine {
  private writer: SqliteGroupCommit | undefined;
  private reader: BetterSqlite3.Database | null | undefined;
  private readonly statements = new Map<BetterSqlite3.Database, LRUCache<string, PreparedStatement>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly hydration: Hydration,
    private readonly scope: TransactionScope,
  ) {
    // A write's savepoint keeps the pages it changes in a sub-journal, which SQLite moves to a temporary
    // file once it passes 64 KiB: a create touches that many (a dozen indexes, the search index, the
    // history row), so each group of writes opened, wrote and deleted a file in /var/tmp. Set on the
    // writing connection once the database is open and migrated: a migration's index build sorts more
    // than memory should hold, and reads run on another connection, whose large sorts keep their files.
    //
    // Its page cache is SQLite's own default, not better-sqlite3's larger one: it would only fill with the
    // pages new rows wrote, where a write needs only the paths to the ends of its tables and indexes. The
    // read connection keeps the larger cache, for the pages the lists and searches read.
    if (dataSource.isInitialized) {
      const writer = this.writeConnection();
      writer.pragma('temp_store = MEMORY');
      writer.pragma(`cache_size = -${WRITER_PAGE_CACHE_KIB}`);
    }
  }

  /** Closes the read connection (the writer is TypeORM's). */
  close(): void {
    this.reader?.close();
    this.reader = null;
  }

  /** `queries` outside a transaction, as one snapshot: on the read connection, or the writer's turn for an in-memory database. */
  async read(queries: SqlQuery[]): Promise<ResultTable[]> {
    // TypeORM logs the queries it sends when logging is on: those sent past it are logged alike.
    if (this.dataSource.options.logging) for (const query of queries) this.dataSource.logger.logQuery(query.sql, query.parameters);
    const reader = this.readConnection();
    if (reader) return this.readAll(reader, queries);
    const writer = this.writeConnection();
    return this.exclusively(async () => this.readAll(writer, queries));
  }

  /**
   * A read whose rows are hydrated, on the one connection, whose transaction
   * this is: rows as arrays, as outside a transaction (TypeORM's objects would
   * keep one of two columns of the same name).
   */
  readInTransaction(query: SqlQuery): ResultTable {
    if (this.dataSource.options.logging) this.dataSource.logger.logQuery(query.sql, query.parameters);
    try {
      return this.readAll(this.writeConnection(), [query])[0];
    } catch (error) {
      throw new QueryFailedError(query.sql, query.parameters, error as Error);
    }
  }

  /**
   * `work` alone on the writer, committed with others waiting (group commit),
   * or, `alone`, as a transaction of its own (see `SqliteGroupCommit.submit`).
   */
  exclusively<T>(work: (manager: EntityManager) => Promise<T>, options: { alone?: boolean } = {}): Promise<T> {
    this.writer ??= new SqliteGroupCommit(this.dataSource);
    return this.writer.submit((manager) => this.scope.within(manager, () => work(manager)), options);
  }

  /**
   * Copies the write-ahead log into the database file and empties it
   * (`wal_checkpoint(TRUNCATE)`), when the writer is between transactions:
   * whether it did. The reader's reads are synchronous, so none is open now.
   */
  checkpoint(): boolean {
    const writer = this.writeConnection();
    if (writer.inTransaction) return false;
    const [result] = writer.pragma('wal_checkpoint(TRUNCATE)') as { busy: number | bigint }[];
    return Number(result?.busy ?? 1) === 0;
  }

  /** The writer at work or idle, and the units of work waiting for it. */
  connectionStats(): { busy: number; idle: number; waiting: number } {
    const writer = this.writer?.state() ?? { writing: false, waiting: 0 };
    return { busy: writer.writing ? 1 : 0, idle: writer.writing ? 0 : 1, waiting: writer.waiting };
  }

  private readAll(connection: BetterSqlite3.Database, queries: SqlQuery[]): ResultTable[] {
    const read = () =>
      queries.map((query) => {
        const statement = this.statement(connection, query.sql);
        return { columns: statement.columns, rows: statement.prepared.all(...query.parameters) as unknown[][] };
      });
    return queries.length === 1 ? read() : connection.transaction(read).deferred();
  }

  /** The statement of `sql`, prepared once per connection, answering rows as arrays (no object per row). */
  private statement(connection: BetterSqlite3.Database, sql: string): PreparedStatement {
    let cache = this.statements.get(connection);
    if (!cache) this.statements.set(connection, (cache = new LRUCache({ max: STATEMENT_CACHE_SIZE })));
    let statement = cache.get(sql);
    if (!statement) {
      const prepared = connection.prepare(sql).raw(true);
      statement = { prepared, columns: prepared.columns().map((column) => column.name) };
      this.hydration.keptColumns(statement.columns);
      cache.set(sql, statement);
    }
    return statement;
  }

  private writeConnection(): BetterSqlite3.Database {
    return (this.dataSource.driver as unknown as { databaseConnection: BetterSqlite3.Database }).databaseConnection;
  }

  /** The read-only connection beside the writer, opened on first use; none for an in-memory database. */
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
}
