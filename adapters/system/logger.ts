import pino from 'pino';

export type Logger = pino.Logger;

/** JSON lines on stdout. Request bodies and credentials are never passed to it. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password'], remove: true },
  });
}
