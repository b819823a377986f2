import type { CustomTypesConfig, Pool, PoolClient, Submittable } from 'pg';
import { QueryFailedError } from 'typeorm';

/**
 * A statement: `name` prepares it once per connection; `types` reads its
 * values (node-postgres's parsers by default); `failure` is what its failure
 * is reported as (TypeORM's `QueryFailedError` by default).
 */
export interface PostgresStatement {
  text: string;
  values: readonly unknown[];
  name?: string;
  types?: CustomTypesConfig;
  failure?: (error: QueryFailedError) => unknown;
}

/** What a statement answered: its columns' names, and its rows as arrays of values. */
export interface PostgresAnswer {
  columns: string[];
  rows: unknown[][];
}

/**
 * Statements sent together, in one write and one round trip, from a pool's
 * connection: under one Sync they run in one implicit transaction, so reads
 * see one snapshot, and if one fails none of them commits.
 */
export function onPool(pool: Pool, statements: PostgresStatement[]): Promise<PostgresAnswer[]> {
  // With no callback of its own, the submittable is given the pool's, which releases the connection (closed after an error).
  return (pool as unknown as { query(submittable: Submittable): Promise<PostgresAnswer[]> }).query(asSubmittable(new Together(statements)));
}

/** Statements sent together on `client`, in one round trip, within whatever transaction it has open. */
export function onClient(client: PoolClient, statements: PostgresStatement[]): Promise<PostgresAnswer[]> {
  return new Promise((resolve, reject) => {
    const together = new Together(statements);
    together.callback = (error, answers) => (error ? reject(error) : resolve(answers!));
    client.query(asSubmittable(together));
  });
}

// node-postgres's types describe a submittable's side of the protocol more narrowly than its client drives it.
const asSubmittable = (together: Together) => together as unknown as Submittable;

/** The part of node-postgres's connection that a submittable writes to (pg/lib/connection.js; pg-cursor writes the same). */
interface PgConnection {
  stream: { cork(): void; uncork(): void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(config: { text: string; name?: string }): void;
  bind(config: { statement?: string; values: unknown[] }): void;
  describe(config: { type: 'P' }): void;
  execute(config: object): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

interface FieldDescription {
  name: string;
  dataTypeID: number;
  format: string;
}

type Parser = (text: string) => unknown;

interface PgModule {
  types: CustomTypesConfig;
}

let pg: { types: CustomTypesConfig; prepareValue: (value: unknown) => unknown } | undefined;

/** node-postgres's default parsers and its way of writing a value, loaded on Postgres only (SQLite never loads pg). */
function pgParts(): NonNullable<typeof pg> {
  return (pg ??= {
    types: (require('pg') as PgModule).types,
    prepareValue: (require('pg/lib/utils') as { prepareValue: (value: unknown) => unknown }).prepareValue,
  });
}

/**
 * A node-postgres submittable: for each statement a Parse (unless the
 * connection already has it prepared), Bind, Describe and Execute, then one
 * Sync for all, written in one go. The server answers each statement in
 * turn, ending with its CommandComplete; after an error it skips to the Sync.
 *
 * Rows are read as arrays of values, each through its column's parser,
 * without the object of every column's name that node-postgres's `Result`
 * builds for each answer.
 */
export class Together {
  /** The client sets it (the pool's callback) unless `onClient` has. */
  callback?: (error: Error | null, answers?: PostgresAnswer[]) => void;
  private readonly answers: PostgresAnswer[] = [];
  /** The statement being answered. */
  private answering = 0;
  private current: PostgresAnswer | undefined;
  private parsers: Parser[] = [];
  /** A value of a row that its parser refused: reported once the server is done. */
  private unreadable: { error: Error; statement: number } | undefined;
  /** The named statements this submission sent a Parse for. */
  private readonly parseSent: boolean[] = [];
  /** The name each statement was sent under: none when it was parsed unnamed (see `submit`). */
  private readonly sentNames: (string | undefined)[];

  constructor(
    readonly statements: PostgresStatement[],
    private readonly options: { pipelined?: boolean } = {},
  ) {
    this.sentNames = statements.map((statement) => statement.name);
  }

  /** The client files a named statement as prepared under the name and text of the answer under way when the server confirms a parse. */
  get name(): string | undefined {
    return this.sentNames[this.answering];
  }

  get text(): string | undefined {
    return this.statements[this.answering]?.text;
  }

  submit(connection: PgConnection): Error | null {
    // Whatever could refuse is checked before a byte is written: statements written without their Sync would run
    // with the next submission's.
    let values: unknown[][];
    try {
      const { prepareValue } = pgParts();
      values = this.statements.map((statement) => statement.values.map((value) => prepareValue(value)));
    } catch (error) {
      return error as Error;
    }
    for (const { name, text } of this.statements) {
      const previous = name === undefined ? undefined : (connection.parsedStatements[name] ?? connection.submittedNamedStatements[name]);
      if (previous !== undefined && previous !== text) return new Error(`Prepared statements must be unique - '${name}' was used for a different statement`);
    }
    connection.stream.cork();
    try {
      this.statements.forEach(({ name: named, text }, index) => {
        let name = named;
        // On a pipelined connection a submission sent before this one may fail ahead of the Parse it sent,
        // which the server then never reads: only a Parse the server has confirmed is relied on, and a
        // statement whose named Parse is still on the wire is parsed here unnamed.
        if (name !== undefined && this.options.pipelined && connection.parsedStatements[name] === undefined && connection.submittedNamedStatements[name] !== undefined) {
          name = this.sentNames[index] = undefined;
        }
        if (name === undefined || (connection.parsedStatements[name] === undefined && connection.submittedNamedStatements[name] === undefined)) {
          connection.parse({ text, name });
          if (name !== undefined) {
            connection.submittedNamedStatements[name] = text;
            this.parseSent[index] = true;
          }
        }
        connection.bind({ statement: name, values: values[index] });
        connection.describe({ type: 'P' });
        connection.execute({});
      });
      connection.sync();
    } finally {
      connection.stream.uncork();
    }
    return null;
  }

  handleRowDescription(message: { fields: FieldDescription[] }): void {
    const types = this.statements[this.answering].types ?? pgParts().types;
    const getTypeParser = types.getTypeParser as (oid: number, format: string) => Parser;
    this.parsers = message.fields.map((field) => getTypeParser(field.dataTypeID, field.format || 'text'));
    this.current = { columns: message.fields.map((field) => field.name), rows: [] };
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (this.unreadable || !this.current) return;
    const { fields } = message;
    const row = new Array<unknown>(fields.length);
    try {
      for (let i = 0; i < fields.length; i++) {
        const text = fields[i];
        row[i] = text === null ? null : this.parsers[i](text);
      }
    } catch (error) {
      this.unreadable = { error: error as Error, statement: this.answering };
      return;
    }
    this.current.rows.push(row);
  }

  handleCommandComplete(): void {
    this.answers.push(this.current ?? { columns: [], rows: [] });
    this.current = undefined;
    this.answering++;
  }

  handleEmptyQuery(): void {
    this.handleCommandComplete();
  }

  handleError(error: Error, connection: PgConnection): void {
    // The server skipped every message after the failed one up to the Sync: the Parses sent for the statements
    // after it were never read. (The client forgets the failed statement's own.)
    for (let index = this.answering + 1; index < this.statements.length; index++) {
      const name = this.sentNames[index];
      if (this.parseSent[index] && name !== undefined) delete connection.submittedNamedStatements[name];
    }
    this.finish(error, Math.min(this.answering, this.statements.length - 1));
  }

  handleReadyForQuery(): void {
    if (this.unreadable) this.finish(this.unreadable.error, this.unreadable.statement);
    else this.callback?.(null, this.answers);
  }

  handlePortalSuspended(): void {
    // Statements are executed without a row limit: the server never suspends their portal.
  }

  handleCopyInResponse(connection: PgConnection): void {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {
    // Nothing is copied.
  }

  /** The failure, as TypeORM reports a statement's, with the statement that failed, or as that statement reads it. */
  private finish(error: Error, statement: number): void {
    const { text, values, failure } = this.statements[statement];
    const failed = new QueryFailedError(text, [...values], error);
    this.callback?.((failure ? failure(failed) : failed) as Error);
  }
}
