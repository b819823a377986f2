import type { PoolClient } from 'pg';
import { onClient, PostgresAnswer, PostgresStatement } from './postgres-statements';

const START = 'START TRANSACTION';
const START_SERIALIZABLE = 'START TRANSACTION ISOLATION LEVEL SERIALIZABLE';

/**
 * One Postgres transaction on one pooled connection, whose `START TRANSACTION`
 * costs no round trip of its own: it is held back and sent with the
 * transaction's first statements, together under one Sync
 * (`postgres-statements`), so that if any fails the others do not run. A
 * transaction that sends nothing sends no `COMMIT` either.
 *
 * Statements that do not pass through `query` (TypeORM's own, given the
 * transaction's entity manager) must be preceded by `started()`.
 */
export class PostgresTransaction {
  /** The statement that opens the transaction, until it is sent. */
  private start: string | null;

  constructor(
    private readonly client: PoolClient,
    options: { serializable?: boolean },
    private readonly log: (sql: string) => void,
  ) {
    this.start = options.serializable ? START_SERIALIZABLE : START;
  }

  /** `statements` in the transaction, in one round trip, preceded in it by `START TRANSACTION` if they are the first. */
  async query(statements: PostgresStatement[]): Promise<PostgresAnswer[]> {
    const start = this.start;
    if (start === null) return onClient(this.client, statements);
    this.start = null;
    this.log(start);
    const [, ...answers] = await onClient(this.client, [{ text: start, values: [] }, ...statements]);
    return answers;
  }

  /** Opens the transaction now if nothing has yet. */
  async started(): Promise<void> {
    if (this.start === null) return;
    const start = this.start;
    this.start = null;
    this.log(start);
    await this.client.query(start);
  }

  async commit(): Promise<void> {
    if (this.start !== null) return;
    this.log('COMMIT');
    await this.client.query('COMMIT');
  }

  /** Rolls back what was sent, if anything was; safe to call after a failed `COMMIT`. */
  async rollback(): Promise<void> {
    if (this.start !== null) return;
    this.log('ROLLBACK');
    await this.client.query('ROLLBACK');
  }
}
