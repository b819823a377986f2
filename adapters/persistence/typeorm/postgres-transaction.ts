import type { PoolClient, QueryArrayConfig, QueryArrayResult, Submittable } from 'pg';

/** What node-postgres's client hands a query it submits: its connection to the server. */
interface PgConnection {
  stream: { cork(): void; uncork(): void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(config: { text: string; name?: string }): void;
  bind(config: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(config: { portal?: string }): void;
}

/** The part of node-postgres's `Query` that a query wrapping it drives (pg/lib/query.js). */
interface PgQuery {
  readonly name?: string;
  readonly text?: string;
  readonly values?: unknown;
  readonly _result?: unknown;
  submit(connection: PgConnection): Error | null;
  handleRowDescription(message: unknown): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: PgConnection): void;
  handleEmptyQuery(connection: PgConnection): void;
  handleError(error: Error, connection: PgConnection): void;
  handleReadyForQuery(connection: PgConnection): void;
  handlePortalSuspended(connection: PgConnection): void;
  handleCopyInResponse(connection: PgConnection): void;
  handleCopyData(message: unknown, connection: PgConnection): void;
}

type PgQueryClass = new (config: QueryArrayConfig, values: undefined, callback: (error: Error | null, result: QueryArrayResult) => void) => PgQuery;

let queryClass: PgQueryClass | undefined;

/** node-postgres's `Query`, loaded on Postgres only (SQLite never loads pg). */
function pgQuery(): PgQueryClass {
  return (queryClass ??= (require('pg') as { Query: PgQueryClass }).Query);
}

const START = 'START TRANSACTION';
const START_SERIALIZABLE = 'START TRANSACTION ISOLATION LEVEL SERIALIZABLE';

/**
 * One Postgres transaction on one pooled connection, whose `START TRANSACTION`
 * costs no round trip of its own: it is held back and sent with the
 * transaction's first statement, in one message of the extended protocol with
 * one Sync (`StartingTransaction`), so that if either fails the other does
 * not run. A transaction that sends nothing sends no `COMMIT` either.
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

  /** `config` in the transaction, preceded in the same round trip by `START TRANSACTION` if it is the first. */
  query(config: QueryArrayConfig): Promise<QueryArrayResult> {
    const start = this.start;
    if (start === null) return this.client.query(config);
    this.start = null;
    this.log(start);
    const Query = pgQuery();
    return new Promise((resolve, reject) => {
      const statement = new Query(config, undefined, (error, result) => (error ? reject(error) : resolve(result)));
      // node-postgres's types describe a submittable's side of the protocol more narrowly than its client drives it.
      this.client.query(new StartingTransaction(start, statement) as unknown as Submittable);
    });
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

/**
 * A node-postgres submittable that sends `START TRANSACTION` (unnamed
 * statement and portal) ahead of a query, written together, under the query's
 * one Sync. The server answers the start's parse, bind and command complete,
 * then the query's messages: the first command complete is the start's, all
 * else is the query's.
 */
class StartingTransaction {
  private startAnswered = false;

  constructor(
    private readonly start: string,
    private readonly statement: PgQuery,
  ) {}

  /**
   * The client files a named statement as parsed under the name and text of
   * the query under way when the server confirms a parse: the start's parse
   * is not the statement's.
   */
  get name(): string | undefined {
    return this.startAnswered ? this.statement.name : undefined;
  }

  get text(): string | undefined {
    return this.statement.text;
  }

  /** The client gives the result its type parsers. */
  get _result(): unknown {
    return this.statement._result;
  }

  submit(connection: PgConnection): Error | null {
    // What the query's own submit refuses before it writes anything must be refused before the start is
    // written: a start sent without the query's Sync would open a transaction in the next query's block.
    const refusal = refusalOf(this.statement, connection);
    if (refusal) return refusal;
    connection.stream.cork();
    try {
      connection.parse({ text: this.start });
      connection.bind({});
      connection.execute({});
      return this.statement.submit(connection);
    } finally {
      connection.stream.uncork();
    }
  }

  handleCommandComplete(message: unknown, connection: PgConnection): void {
    if (!this.startAnswered) {
      this.startAnswered = true;
      return;
    }
    this.statement.handleCommandComplete(message, connection);
  }

  handleError(error: Error, connection: PgConnection): void {
    // Failed before the statement's parse was confirmed: it was never parsed (the server skips to the Sync).
    const name = this.statement.name;
    if (!this.startAnswered && name !== undefined) delete connection.submittedNamedStatements[name];
    this.statement.handleError(error, connection);
  }

  handleRowDescription(message: unknown): void {
    this.statement.handleRowDescription(message);
  }

  handleDataRow(message: unknown): void {
    this.statement.handleDataRow(message);
  }

  handleEmptyQuery(connection: PgConnection): void {
    this.statement.handleEmptyQuery(connection);
  }

  handleReadyForQuery(connection: PgConnection): void {
    this.statement.handleReadyForQuery(connection);
  }

  handlePortalSuspended(connection: PgConnection): void {
    this.statement.handlePortalSuspended(connection);
  }

  handleCopyInResponse(connection: PgConnection): void {
    this.statement.handleCopyInResponse(connection);
  }

  handleCopyData(message: unknown, connection: PgConnection): void {
    this.statement.handleCopyData(message, connection);
  }
}

/** Why node-postgres's `Query.submit` would refuse `query` on `connection`, checked as it checks (pg/lib/query.js). */
function refusalOf(query: PgQuery, connection: PgConnection): Error | null {
  if (typeof query.text !== 'string' && typeof query.name !== 'string') return new Error('A query must have either text or a name.');
  const previous = query.name === undefined ? undefined : (connection.parsedStatements[query.name] ?? connection.submittedNamedStatements[query.name]);
  if (query.text && previous && query.text !== previous) return new Error(`Prepared statements must be unique - '${query.name}' was used for a different statement`);
  if (query.values && !Array.isArray(query.values)) return new Error('Query values must be an array');
  return null;
}
