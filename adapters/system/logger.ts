import pino from 'pino';

export type Logger = pino.Logger;

/**
 * JSON lines on stdout (tests may pass another destination). Request bodies and
 * credentials are never passed to it; the redaction is the backstop, also for a
 * configuration object logged whole (`smtpUrl`, `redisUrl` and `databaseUrl` may carry a password).
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
    destination,
  );
}
