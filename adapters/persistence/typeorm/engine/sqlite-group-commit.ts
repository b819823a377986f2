import type BetterSqlite3 from 'better-sqlite3';
import { AsyncResource } from 'node:async_hooks';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { afterNextReads } from '../../../system/after-due-reads';

/** At most this many units of work share one commit: each waits for the others of its group. */
const GROUP_LIMIT = 64;

/**
 * A group takes in units of work for at most this long (ms) after it opened:
 * under a steady stream of writes a group would otherwise stay open until
 * full, its first writers waiting for all the others; a shorter window costs
 * more fsyncs.
 */
const GROUP_WINDOW_MS = 10;

interface Job {
  work(manager: EntityManager): Promise<unknown>;
  /** Runs as a transaction of its own, not in a savepoint of a group. */
  alone: boolean;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/**
 * SQLite's one writer, with group commit. Units of work run one at a time
 * on the single connection, as before; but while others are waiting, the
 * outer transaction stays open and each unit runs in a savepoint of its own,
 * so that a group pays for one COMMIT (one fsync of the WAL with
 * `synchronous = FULL`) instead of one each.
 *
 * A unit that fails is rolled back to its savepoint and rejected at once;
 * the others of its group are unaffected. A unit that succeeded is resolved
 * only after its group's COMMIT returned: nothing is acknowledged before it is
 * durable. If the COMMIT fails, or SQLite itself abandoned the transaction (as
 * it may on a full disk or an I/O error), every unit of the group is rejected.
 *
 * A unit of many rows (an import's write pass) runs alone instead, as the
 * whole transaction: in a savepoint, SQLite copies each page the unit changes
 * into the savepoint's sub-journal before changing it and keeps the copies
 * until the savepoint ends, so that it can roll back to it; with
 * `temp_store = MEMORY` (`SqliteEngine`) that is memory, a copy of every page
 * the whole import touched (140 MB for 100 000 rows into a database that
 * held as many), and writing it grew slower with its size (4 s became 236 s).
 * A transaction's own rollback needs no such copy in WAL mode.
 *
 * A bulk unit gives way: it joins the queue only after the loop has read the
 * requests received meanwhile (`afterNextReads`), so that their units go
 * first. better-sqlite3 answers synchronously, and an import submits its next
 * chunk as soon as the last one resolved: the loop never turned, and every
 * request received meanwhile, a read as much as a write, waited for the next
 * read of the import's file (64 KiB, some five chunks: a second).
 */
export class SqliteGroupCommit {
  private readonly pending: Job[] = [];
  private writing = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly groupLimit = GROUP_LIMIT,
    private readonly groupWindowMs = GROUP_WINDOW_MS,
  ) {}

  /** Whether a group is being written, and how many units of work wait for the writer. */
  state(): { writing: boolean; waiting: number } {
    return { writing: this.writing, waiting: this.pending.length };
  }

  /**
   * Queues `work`. It runs in the asynchronous context of its caller, not in
   * that of the request whose write opened the group and runs the loop: what
   * the caller's context carries (the acting person its history names) is
   * its own.
   */
  submit<T>(work: (manager: EntityManager) => Promise<T>, options: { alone?: boolean } = {}): Promise<T> {
    // An AsyncResource run in its scope, not `AsyncResource.bind`: Node 20's `bind` defines a deprecated
    // `asyncResource` property on each function it binds, two `deprecate` wrappers a write.
    const context = new AsyncResource('SqliteGroupCommit');
    const inContext = (manager: EntityManager) => context.runInAsyncScope(work, null, manager);
    return new Promise<T>((resolve, reject) => {
      const job: Job = { work: inContext, alone: options.alone === true, resolve: resolve as (result: unknown) => void, reject };
      if (job.alone) afterNextReads(() => this.enqueue(job));
      else this.enqueue(job);
    });
  }

  private enqueue(job: Job): void {
    this.pending.push(job);
    if (!this.writing) void this.drain();
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.pending.length > 0) await this.commitGroup();
    } finally {
      this.writing = false;
    }
  }

  private async commitGroup(): Promise<void> {
    if (this.pending[0].alone) return this.commitAlone(this.pending.shift()!);
    const runner = this.dataSource.createQueryRunner();
    const succeeded: { job: Job; result: unknown }[] = [];
    try {
      await beginImmediately(runner);
      const closes = performance.now() + this.groupWindowMs;
      while (
        succeeded.length < this.groupLimit &&
        performance.now() < closes &&
        (this.pending.length > 0 || (await this.othersArrived())) &&
        !this.pending[0].alone
      ) {
        const job = this.pending.shift()!;
        const outcome = await this.runInSavepoint(runner, job);
        if (outcome.ok) succeeded.push({ job, result: outcome.result });
        else job.reject(outcome.error);
        if (!this.connection.inTransaction) throw new Error('SQLite abandoned the transaction of a group commit.');
      }
      await runner.commitTransaction();
      for (const { job, result } of succeeded) job.resolve(result);
    } catch (error) {
      if (this.connection.inTransaction) await runner.rollbackTransaction().catch(() => undefined);
      for (const { job } of succeeded) job.reject(error);
    } finally {
      await runner.release();
    }
  }

  /** A unit that runs alone: the whole transaction, rolled back whole when it fails. */
  private async commitAlone(job: Job): Promise<void> {
    const runner = this.dataSource.createQueryRunner();
    try {
      await beginImmediately(runner);
      let result: unknown;
      try {
        result = await job.work(runner.manager);
      } catch (error) {
        if (this.connection.inTransaction) await runner.rollbackTransaction().catch(() => undefined);
        job.reject(error);
        return;
      }
      await runner.commitTransaction();
      job.resolve(result);
    } catch (error) {
      if (this.connection.inTransaction) await runner.rollbackTransaction().catch(() => undefined);
      job.reject(error);
    } finally {
      await runner.release();
    }
  }

  /**
   * better-sqlite3 answers synchronously, so a unit of work runs from start to
   * end without the event loop turning, and no other request can have queued
   * behind it. One turn of the loop lets the requests already received reach
   * the queue before the group is closed.
   */
  private async othersArrived(): Promise<boolean> {
    await new Promise((resolve) => setImmediate(resolve));
    return this.pending.length > 0;
  }

  private async runInSavepoint(runner: QueryRunner, job: Job): Promise<{ ok: true; result: unknown } | { ok: false; error: unknown }> {
    await runner.startTransaction();
    try {
      const result = await job.work(runner.manager);
      await runner.commitTransaction();
      return { ok: true, result };
    } catch (error) {
      if (this.connection.inTransaction) await runner.rollbackTransaction().catch(() => undefined);
      return { ok: false, error };
    }
  }

  private get connection(): BetterSqlite3.Database {
    return (this.dataSource.driver as unknown as { databaseConnection: BetterSqlite3.Database }).databaseConnection;
  }
}

/**
 * Opens the group's transaction with the write lock taken at once (`BEGIN
 * IMMEDIATE`): when several processes share the file, one that read first and
 * wrote later would fail with SQLITE_BUSY as soon as another had committed
 * meanwhile; taking the lock first makes it wait (busy_timeout) instead.
 * TypeORM's own BEGIN is deferred and has no option for it, so this runner's
 * BEGIN is rewritten; its savepoints and COMMIT stay TypeORM's.
 *
 * The rewrite is installed once per runner: TypeORM's SQLite driver hands out
 * the same runner for the connection's whole life, and a wrapper added per
 * group would nest one more call per group, until a long-running process's
 * every statement went through thousands of them and overflowed the stack.
 */
async function beginImmediately(runner: QueryRunner): Promise<void> {
  if (!immediate.has(runner)) {
    const query = runner.query.bind(runner);
    runner.query = ((sql: string, ...rest: unknown[]) =>
      query(sql === 'BEGIN TRANSACTION' ? 'BEGIN IMMEDIATE TRANSACTION' : sql, ...(rest as []))) as QueryRunner['query'];
    immediate.add(runner);
  }
  await runner.startTransaction();
}

/** Runners whose BEGIN is already rewritten. */
const immediate = new WeakSet<QueryRunner>();
