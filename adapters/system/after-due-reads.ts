/**
 * The end of an event-loop turn's I/O. A turn polls the sockets and runs the
 * callbacks of every read that is due, then its check phase (`setImmediate`):
 * work deferred to the check phase runs once the reads already due have all
 * been handled, together, in one scheduled callback for everything deferred
 * in that turn, in the order it was deferred.
 *
 * What is deferred so: a pipelined Postgres answer while a transaction holds
 * a connection (its holder's answer is among the due reads), and an HTTP
 * answer's write (the answers of one turn leave together: `answersTogether`).
 */

/** Callbacks waiting for the loop's next check phase, in the order they came. */
let waiting: (() => void)[] = [];

/** Runs `callback` in the loop's next check phase, with everything else deferred so before it. */
export function afterDueReads(callback: () => void): void {
  if (waiting.push(callback) > 1) return;
  setImmediate(runDue);
}

/** Resolves in the loop's next check phase (see `afterDueReads`). */
export function dueReadsDone(): Promise<void> {
  return new Promise((resolve) => afterDueReads(resolve));
}

/**
 * Runs `callback` once the loop has polled its sockets and handled the reads
 * due, wherever it is called from: work that ran without the loop turning
 * lets the requests received meanwhile go first. An immediate set in the
 * check phase runs in the next turn's, after its poll; one set anywhere else
 * may run in this turn's, before it: hence two.
 */
export function afterNextReads(callback: () => void): void {
  setImmediate(() => setImmediate(callback));
}

function runDue(): void {
  const due = waiting;
  waiting = [];
  for (const callback of due) callback();
}
