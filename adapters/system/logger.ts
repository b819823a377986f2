import pino from 'pino';

export type Logger = pino.Logger;

/**
 * JSON lines on stdout (tests may pass another destination). Request bodies and
 * credentials are never passed to it; the redaction is the backstop, also for a
 * configuration object logged whole (`smtpUrl`, `redisUrl` and `databaseUrl` may carry a password).
 *
 * Each line is written as it is logged, by the thread that logs it, as Node writes
 * `process.stdout` to a file or a pipe: a crash loses no line already logged, and a
 * line costs one write. Pino's own default hands every write to libuv's thread pool
 * and is woken when it is done, which cost a small request more than the line itself
 * (docs/performance.md).
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
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
