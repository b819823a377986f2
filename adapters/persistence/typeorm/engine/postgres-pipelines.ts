import type { Pool } from 'pg';
import { afterDueReads } from '../../../system/after-due-reads';
import { onPool, PostgresAnswer, PostgresStatement, Together } from './postgres-statements';

/**
 * Submissions on the wire of one pipelined connection beyond which the next
 * goes to another, or to the pool: deep enough that a busy server process
 * finds the next one waiting, and a slow statement still holds up a bounded
 * number.
 */
const PIPELINE_DEPTH = 16;

/** The part of node-postgres's client that a pipelined submission is queued on (pg/lib/client.js). */
interface PipelinedClient {
  connect(): Promise<void>;
  end(): Promise<void>;
  ref(): void;
  unref(): void;
  on(event: 'error' | 'end', listener: (error?: Error) => void): void;
  /** What `query` checks (false once the connection has failed, true once `end` was called), then queues and sends. */
  _queryable: boolean;
  connection: { stream: { destroy(): void } };
  _ending: boolean;
  _queryQueue: Together[];
  _pulseQueryQueue(): void;
}

interface Pipeline {
  client: PipelinedClient;
  ready: Promise<void>;
  /** Submissions sent and not yet answered. */
  inFlight: number;
}

/**
 * Connections of their own, beside TypeORM's pool, for the statements sent
 * outside a transaction (a request's reads, a lone write): each is in
 * node-postgres's pipeline mode, where a submission is written as soon as it
 * is made rather than once the one before has been answered. Submissions
 * keep their own Sync, so each is still one implicit transaction, as from
 * the pool. The server finds the next submission waiting as it finishes
 * one, where a pool's connection would wait for the service to send it and
 * wake a Postgres process for every round trip.
 *
 * On by default (`DATABASE_PIPELINES`, 2 connections); a transaction that
 * only writes at its commit (a create) goes on them too
 * (`PostgresTransaction`). The transactions that take a connection of the
 * pool hold it, and perhaps a row's lock, from their first statement to
 * their `COMMIT`, across turns of the event loop; a socket read of a
 * pipelined connection brings up to its depth of answers, whose
 * continuations (lists presented, answers encoded) make those turns long,
 * and writes would wait on each other's locks. So while a transaction holds
 * a connection (`yieldTo`), the pipelined answers are settled after the
 * loop has run the callbacks of every socket read that is due, the
 * transactions' among them (`setImmediate`): their continuations still run
 * together, a turn later. Only then: with nothing to yield to, deferring
 * would slow the reads for nothing.
 *
 * Submissions go to the connections in turn, skipping one that has
 * `PIPELINE_DEPTH` on the wire; when each has, to the pool, so that a slow
 * statement holds up little behind it and many requests at once still reach
 * several server processes (not to the one with the fewest on the wire:
 * that picks the server process most likely asleep). A connection that
 * fails fails what it carries, as a pool's does, and is replaced at the next
 * submission; one that cannot be opened leaves its submissions to the pool.
 */
export class PostgresPipelines {
  private readonly pipelines: Pipeline[] = [];
  /** The connection the last submission went to. */
  private turn = 0;
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly size: number,
    private readonly depth = PIPELINE_DEPTH,
    /** Whether answers should let the loop's due socket reads run first (a transaction holds a connection). */
    private readonly yieldTo: () => boolean = () => false,
  ) {}

  query(statements: PostgresStatement[]): Promise<PostgresAnswer[]> {
    const pipeline = this.closed ? undefined : this.next();
    if (!pipeline) return onPool(this.pool, statements);
    if (pipeline.inFlight++ === 0) pipeline.client.ref();
    const done = () => {
      if (--pipeline.inFlight === 0) pipeline.client.unref();
    };
    return pipeline.ready.then(
      () => {
        const { client } = pipeline;
        // Failed or ending since it was chosen: a submission queued on it now would never be sent.
        if (!client._queryable || client._ending) {
          done();
          return onPool(this.pool, statements);
        }
        return new Promise<PostgresAnswer[]>((resolve, reject) => {
          const together = new Together(statements, { pipelined: true });
          const unanswered = this.unansweredAfter(client);
          together.callback = (error, answers) => {
            clearTimeout(unanswered);
            done();
            const settle = () => (error ? reject(error) : resolve(answers!));
            if (this.yieldTo()) afterDueReads(settle);
            else settle();
          };
          // `query` refuses every submittable in pipeline mode, for those that keep a portal open across
          // round trips (pg-cursor); this one never does (one Execute without a row limit a statement, one Sync).
          client._queryQueue.push(together);
          client._pulseQueryQueue();
        });
      },
      () => {
        done();
        return onPool(this.pool, statements);
      },
    );
  }

  /**
   * The pool's `query_timeout` (see `createDataSource`), which node-postgres applies only to what is given
   * to `query`: a connection that has not answered by then (a partition) is destroyed, which fails
   * everything on its wire at once, as a lost connection does, rather than after one wait each.
   */
  private unansweredAfter(client: PipelinedClient): NodeJS.Timeout | undefined {
    const readTimeoutMs = (this.pool as unknown as { options: { query_timeout?: number } }).options.query_timeout;
    if (!readTimeoutMs) return undefined;
    const timer = setTimeout(() => client.connection.stream.destroy(), readTimeoutMs);
    timer.unref();
    return timer;
  }

  /** Ends the connections; what is sent from then on goes to the pool. */
  async close(): Promise<void> {
    this.closed = true;
    const pipelines = this.pipelines.splice(0);
    await Promise.all(pipelines.map((pipeline) => pipeline.ready.then(() => pipeline.client.end()).catch(() => undefined)));
  }

  /** The next connection in turn with room on the wire, opened if fewer than `size` are; none when all are full. */
  private next(): Pipeline | undefined {
    if (this.pipelines.length < this.size) return this.opened();
    for (let tried = 0; tried < this.pipelines.length; tried++) {
      this.turn = (this.turn + 1) % this.pipelines.length;
      const pipeline = this.pipelines[this.turn];
      if (pipeline.inFlight < this.depth) return pipeline;
    }
    return undefined;
  }

  private opened(): Pipeline {
    const Client = (this.pool as unknown as { Client: new (options: object) => PipelinedClient }).Client;
    const options = (this.pool as unknown as { options: object }).options;
    const client = new Client({ ...options, pipeline: true });
    const pipeline: Pipeline = { client, ready: client.connect(), inFlight: 0 };
    const forget = () => {
      const index = this.pipelines.indexOf(pipeline);
      if (index >= 0) this.pipelines.splice(index, 1);
    };
    // A lost connection errors what it carries (node-postgres does) and is forgotten; an idle one keeps no process alive.
    client.on('error', forget);
    client.on('end', forget);
    pipeline.ready.catch(forget);
    client.unref();
    this.pipelines.push(pipeline);
    return pipeline;
  }
}
