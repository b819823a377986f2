import type { PoolClient } from 'pg';
import { onClient, PostgresAnswer, PostgresStatement } from './postgres-statements';

const START = 'START TRANSACTION';
const START_SERIALIZABLE = 'START TRANSACTION ISOLATION LEVEL SERIALIZABLE';
const COMMIT: PostgresStatement = { text: 'COMMIT', values: [] };

/**
 * One Postgres transaction on one pooled connection, which spends no round
 * trip on what nobody waits for. Its `START TRANSACTION` is held back and
 * sent with its first statements, and a write whose answer is not wanted
 * (`hold`) with whatever the transaction sends next, its `COMMIT` at the
 * latest: together under one Sync (`postgres-statements`), so that if one
 * fails none after it runs. A transaction that sends nothing sends no
 * `COMMIT` either; a save in a transaction of its own is one round trip.
 *
 * Statements that do not pass through `query` (TypeORM's own, given the
 * transaction's entity manager) must be preceded by `started()`.
 */
export class PostgresTransaction {
  /** The statement that opens the transaction, until it is sent. */
  private start: string | null;
  /** Writes held back, in order, until the transaction sends something else. */
  private readonly held: PostgresStatement[] = [];

  constructor(
    private readonly client: PoolClient,
    options: { serializable?: boolean },
    private readonly log: (sql: string) => void,
  ) {
    this.start = options.serializable ? START_SERIALIZABLE : START;
  }

  /** `statements` in the transaction, in one round trip, after what is still to be sent ahead of them. */
  async query(statements: PostgresStatement[]): Promise<PostgresAnswer[]> {
    const ahead = this.ahead();
    if (ahead.length === 0) return onClient(this.client, statements);
    const answers = await onClient(this.client, [...ahead, ...statements]);
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
    const ahead = this.ahead();
    if (ahead.length > 0) await onClient(this.client, ahead);
  }

  async commit(): Promise<void> {
    if (this.start !== null && this.held.length === 0) return;
    const ahead = this.ahead();
    this.log(COMMIT.text);
    if (ahead.length === 0) await this.client.query(COMMIT.text);
    else await onClient(this.client, [...ahead, COMMIT]);
  }

  /** Rolls back what was sent, if anything was; safe to call after a failed `COMMIT`. */
  async rollback(): Promise<void> {
    this.held.length = 0;
    if (this.start !== null) return;
    this.log('ROLLBACK');
    await this.client.query('ROLLBACK');
  }

  /** What must precede the transaction's next statement, taken: `START TRANSACTION` if unsent, then the writes held. */
  private ahead(): PostgresStatement[] {
    const ahead: PostgresStatement[] = [];
    if (this.start !== null) {
      this.log(this.start);
      ahead.push({ text: this.start, values: [] });
      this.start = null;
    }
    ahead.push(...this.held.splice(0));
    return ahead;
  }
}
