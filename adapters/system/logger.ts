import pino from 'pino';

export type Logger = pino.Logger;

/**
 * JSON lines on stdout (tests may pass another destination). Request bodies and
 * credentials are never passed to it; the redaction is the backstop, also for a
 * configuration object logged whole (`smtpUrl`, `redisUrl` and `databaseUrl` may carry a password).
 *
 * Lines go to stdout through `standardOutput` (below): written by the thread that
 * logs them, once for all the lines of a turn of the event loop.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'password',
          '*.password',
          ...['smtpUrl', 'redisUrl', 'databaseUrl', 'fieldEncryptionKey', 'storage.secretAccessKey'].flatMap((secret) => [secret, `*.${secret}`]),
        ],
        remove: true,
      },
    },
    destination ?? standardOutput(),
  );
}

/** What `standardOutput` gives pino: a stream, and the writing of what it holds now. */
export interface TurnBufferedStream extends pino.DestinationStream {
  flushSync(): void;
}

let stdout: TurnBufferedStream | undefined;

/**
 * Stdout, written by the thread that logs (as Node writes `process.stdout` to
 * a file or a pipe), once a turn of the event loop: the lines logged while a
 * turn handles its requests (a busy server reads every connection with a
 * request in one turn) are written together as it ends, in the order logged,
 * a `write` for every `ATOMIC_WRITE` bytes of them rather than one a line. A
 * process that exits writes what it holds first; one killed outright
 * (`kill -9`) loses at most the lines of the turn it was killed in, and never
 * more than `ATOMIC_WRITE` bytes of them. Pino's own default hands every write
 * to libuv's thread pool and is woken when it is done: a hand-off and a
 * wake-up for every line (docs/performance.md).
 */
export function standardOutput(): TurnBufferedStream {
  return (stdout ??= turnBuffered(1));
}

/**
 * The most a write carries, whole lines only (one longer line alone): POSIX's
 * `PIPE_BUF` on Linux, the most a pipe takes in one piece, so that the workers
 * of a cluster, which share the primary's stdout, never mix their lines.
 */
const ATOMIC_WRITE = 4096;

/** The stream of `standardOutput` for the file descriptor `fd`. */
function turnBuffered(fd: number): TurnBufferedStream {
  // Writes at once, synchronously, resuming after a partial write or a full pipe (EAGAIN).
  const output = pino.destination({ dest: fd, sync: true });
  let lines: string[] = [];
  let held = 0;
  let scheduled = false;
  const flushSync = () => {
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    held = 0;
    output.write(text);
  };
  const endOfTurn = () => {
    scheduled = false;
    flushSync();
  };
  process.on('exit', flushSync);
  return {
    write(line: string) {
      const bytes = Buffer.byteLength(line);
      if (held + bytes > ATOMIC_WRITE) flushSync();
      lines.push(line);
      held += bytes;
      if (!scheduled) {
        scheduled = true;
        setImmediate(endOfTurn); // the check phase: once a turn, after the turn's I/O callbacks
      }
    },
    flushSync,
  };
}
