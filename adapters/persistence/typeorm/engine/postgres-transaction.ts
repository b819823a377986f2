import type { PoolClient } from 'pg';
import { onClient, PostgresAnswer, PostgresStatement } from './postgres-statements';

const START = 'START TRANSACTION';
const START_SERIALIZABLE = 'START TRANSACTION ISOLATION LEVEL SERIALIZABLE';
const COMMIT: PostgresStatement = { text: 'COMMIT', values: [] };
/**
 * A bulk transaction's statements planned for each run's values and the tables as they are then: a connection's
 * generic plan, made once, is kept until the table's statistics change, and one made while a table was empty or
 * never analysed (every index costing the same) walks a whole organisation's rows per look-up once it holds
 * thousands: an import into a new table grew quadratically (95 rows/s at 17 000 rows) until an ANALYZE.
 */
const PLAN_EACH_RUN: PostgresStatement = { text: 'SET LOCAL plan_cache_mode = force_custom_plan', values: [] };

/** Where a transaction's statements go: its own connection, taken when it first needs one, or together with no connection of its own. */
export interface TransactionConnections {
  /** A pooled connection for the transaction alone, until it ends. */
  connect(): Promise<PoolClient>;
  /** Statements under one Sync, as statements outside a transaction are sent (see `onPool`): one implicit transaction. */
  together(statements: PostgresStatement[]): Promise<PostgresAnswer[]>;
}

/**
 * One Postgres transaction, which spends no round trip on what nobody waits
 * for. Its `START TRANSACTION` is held back and sent with its first
 * statements, and a write whose answer is not wanted (`hold`) with whatever
 * the transaction sends next, its `COMMIT` at the latest: together under one
 * Sync (`postgres-statements`), so that if one fails none after it runs. A
 * transaction that sends nothing sends no `COMMIT` either.
 *
 * It takes a connection of its own only when it sends something before it
 * commits (a read, a lock, a write whose answer is awaited). One that only
 * holds writes back until its commit (a create with its history entry) needs
 * none: its writes are sent together under one Sync, without `START` or
 * `COMMIT`, as one implicit transaction that commits at the Sync or fails
 * whole, where the statements outside a transaction go (the pool, or the
 * pipelined connections: see `PostgresPipelines`). A serializable one always
 * takes its own, where its isolation level is set.
 *
 * Statements that do not pass through `query` (TypeORM's own, given the
 * transaction's entity manager) must be preceded by `started()`.
 */
export class PostgresTransaction {
  /** The statement that opens the transaction, until it is sent. */
  private start: string | null;
  /** A bulk transaction: its statements planned at each run (`PLAN_EACH_RUN`). */
  private readonly bulk: boolean;
  /** Writes held back, in order, until the transaction sends something else. */
  private readonly held: PostgresStatement[] = [];
  /** The transaction's own connection, once it needed one. */
  private client: Promise<PoolClient> | undefined;

  constructor(
    private readonly connections: TransactionConnections,
    options: { serializable?: boolean; bulk?: boolean },
    private readonly log: (sql: string) => void,
  ) {
    this.start = options.serializable ? START_SERIALIZABLE : START;
    this.bulk = options.bulk === true;
  }

  /** Whether it has taken a connection of its own (to be given back when it ends). */
  get connected(): boolean {
    return this.client !== undefined;
  }

  /** `statements` in the transaction, in one round trip, after what is still to be sent ahead of them. */
  async query(statements: PostgresStatement[]): Promise<PostgresAnswer[]> {
    const client = await this.connection();
    const ahead = this.ahead();
    if (ahead.length === 0) return onClient(client, statements);
    const answers = await onClient(client, [...ahead, ...statements]);
    return answers.slice(ahead.length);
  }

  /**
   * `write`, sent with the transaction's next statements: its failure is
   * reported to whoever sent them, or to the commit, as the write's own
   * `failure` reads it.
   */
  hold(write: PostgresStatement): void {
    this.held.push(write);
  }

  /** Sends the writes held back, if any, with `START TRANSACTION` if it is still to be sent. */
  async sendHeld(): Promise<void> {
    if (this.held.length > 0) await this.started();
  }

  /** Sends now whatever is still to be sent: the transaction is open, with every write held back made. */
  async started(): Promise<void> {
    const client = await this.connection();
    const ahead = this.ahead();
    if (ahead.length > 0) await onClient(client, ahead);
  }

  async commit(): Promise<void> {
    if (this.start === START && this.held.length > 0) {
      // Nothing sent yet: the writes held back are the whole transaction.
      this.start = null;
      await this.connections.together(this.held.splice(0));
      return;
    }
    if (this.start !== null && this.held.length === 0) return;
    const client = await this.connection();
    const ahead = this.ahead();
    this.log(COMMIT.text);
    if (ahead.length === 0) await client.query(COMMIT.text);
    else await onClient(client, [...ahead, COMMIT]);
  }

  /** Rolls back what was sent on its connection, if anything was; safe to call after a failed `COMMIT`. */
  async rollback(): Promise<void> {
    this.held.length = 0;
    // A connection that could not be had carried nothing.
    const client = this.start === null && (await this.client?.catch(() => undefined));
    if (!client) return;
    this.log('ROLLBACK');
    await client.query('ROLLBACK');
  }

  private connection(): Promise<PoolClient> {
    return (this.client ??= this.connections.connect());
  }

  /** What must precede the transaction's next statement, taken: `START TRANSACTION` if unsent, then the writes held. */
  private ahead(): PostgresStatement[] {
    const ahead: PostgresStatement[] = [];
    if (this.start !== null) {
      this.log(this.start);
      ahead.push({ text: this.start, values: [] });
      this.start = null;
      if (this.bulk) {
        this.log(PLAN_EACH_RUN.text);
        ahead.push(PLAN_EACH_RUN);
      }
    }
    ahead.push(...this.held.splice(0));
    return ahead;
  }
}
