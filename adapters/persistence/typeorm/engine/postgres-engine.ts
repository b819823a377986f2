import { createHash } from 'node:crypto';
import { Pool, PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { postgresTextDates } from './hydration';
import { PostgresPipelines } from './postgres-pipelines';
import { onPool, PostgresAnswer, PostgresStatement } from './postgres-statements';
import { PostgresTransaction, TransactionConnections } from './postgres-transaction';
import { ResultTable } from './result-table';
import { SqlQuery } from './sql';
import { TransactionScope } from './transaction-scope';
import { WriteFailure } from './write-failures';

/**
 * Postgres's connections: TypeORM's pool, on which each transaction takes a
 * connection when it first sends something (`PostgresTransaction`), and the
 * pipelined connections that statements outside a transaction go to
 * (`PostgresPipelines`; the pool when there are none). Statements are sent
 * past TypeORM, several in one round trip, a reusable text as a named
 * statement prepared once per connection.
 */
export class PostgresEngine {
  private readonly statementNames = new Map<string, string>();
  /** The connections that statements outside a transaction are pipelined on. */
  private pipelines: PostgresPipelines | undefined;
  /** The transactions holding a connection of the pool, for whose answers the pipelined ones make way. */
  private connectedTransactions = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly scope: TransactionScope,
    /** How many connections statements outside a transaction are pipelined on (none: the pool carries them). */
    private readonly pipelineCount: number | undefined,
  ) {}

  /** Ends the pipelined connections (the pool is TypeORM's). */
  async close(): Promise<void> {
    await this.pipelines?.close();
  }

  /**
   * `queries` in a transaction, or outside one on the pipelined connections
   * (or the pool), sent together in one round trip (see postgres-statements),
   * rows as arrays, a reusable text as a named statement; a failure wrapped
   * as TypeORM wraps it.
   */
  send(transaction: PostgresTransaction | undefined, queries: SqlQuery[], failure?: WriteFailure): Promise<ResultTable[]> {
    const statements = queries.map((query) => this.statement(query, failure));
    return transaction ? transaction.query(statements) : this.outside(statements);
  }

  /** `query` as node-postgres is given it (logged first when TypeORM logs the queries it sends). */
  statement(query: SqlQuery, failure?: WriteFailure): PostgresStatement {
    if (this.dataSource.options.logging) this.dataSource.logger.logQuery(query.sql, query.parameters);
    return {
      name: query.reusable ? this.statementName(query.sql) : undefined,
      text: query.sql,
      values: query.parameters,
      types: query.hydrated ? postgresTextDates() : undefined,
      failure,
    };
  }

  /**
   * `work` in a transaction, opened with its first statement (see
   * `PostgresTransaction`) rather than in a round trip of its own, as
   * TypeORM's `transaction` opens it (and a serializable one in two), on a
   * pooled connection taken when it first sends something; one that only
   * writes at its commit is sent where statements outside a transaction go.
   * The TypeORM query runner of that connection is marked as in a
   * transaction, so that TypeORM's own writes join it rather than open one.
   */
  async transaction<T>(work: () => Promise<T>, options: { serializable?: boolean; bulk?: boolean }): Promise<T> {
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
    runner.isTransactionActive = true;
    let unusable: Error | undefined;
    try {
      const result = await this.scope.within(runner.manager, work, transaction);
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

  /** The pool's connections at work and idle, and the units of work waiting for one. */
  connectionStats(): { busy: number; idle: number; waiting: number } {
    const pool = this.pool();
    return { busy: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount };
  }

  /** Statements outside a transaction, in one round trip: on the pipelined connections if there are any, else from the pool. */
  private outside(statements: PostgresStatement[]): Promise<PostgresAnswer[]> {
    const pool = this.pool();
    if (!this.pipelineCount) return onPool(pool, statements);
    this.pipelines ??= new PostgresPipelines(pool, this.pipelineCount, undefined, () => this.connectedTransactions > 0);
    return this.pipelines.query(statements);
  }

  /** TypeORM's pool of connections. */
  private pool(): Pool {
    return (this.dataSource.driver as unknown as { master: Pool }).master;
  }

  /**
   * The name a statement is prepared under on each connection that runs it:
   * parsed (and after a few runs planned) once per connection rather than on
   * every request. Only texts without a spread list are named, so the number
   * each connection keeps is that of the reads the code writes.
   */
  private statementName(sql: string): string {
    let name = this.statementNames.get(sql);
    if (!name) this.statementNames.set(sql, (name = `r_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`));
    return name;
  }
}
