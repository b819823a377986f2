import { ConfigError } from './config';

interface SystemError {
  code?: string;
  errno?: number;
  syscall?: string;
  address?: string;
  port?: number;
  path?: string;
  hostname?: string;
}

/** Postgres refusals at connection, by SQLSTATE: what an operator must fix, without the URL (it may hold a password). */
const POSTGRES_CODES: Record<string, string> = {
  '28P01': 'The database refused the password of the configured user (28P01).',
  '28000': 'The database refused the configured user (28000).',
  '3D000': 'The configured database does not exist (3D000).',
  '57P03': 'The database is starting up or shutting down (57P03).',
  '53300': 'The database has no connection left for this service (53300).',
};

/**
 * What a failed start says, naming the cause an operator can act on (a busy
 * port, a database that refused, a missing secret) and never a stack, a URL
 * or a secret's value. `what` names the process ("The server").
 */
export function startupFailure(error: unknown, what: string): string {
  if (error instanceof ConfigError) return error.message;
  const cause = causeOf(error);
  return cause ? `${what} could not start: ${cause}` : `${what} could not start.`;
}

function causeOf(error: unknown): string | undefined {
  // TypeORM and pg wrap the system error; the first one with a code tells.
  for (let current = error as (SystemError & { cause?: unknown; driverError?: unknown }) | undefined, depth = 0; current && depth < 5; depth += 1) {
    const described = describe(current);
    if (described) return described;
    current = (current.driverError ?? current.cause) as typeof current;
  }
  return undefined;
}

function describe(error: SystemError): string | undefined {
  const at = error.address !== undefined && error.port !== undefined ? `${error.address}:${error.port}` : undefined;
  switch (error.code) {
    case 'EADDRINUSE':
      return `port ${error.port} is already in use on ${error.address} (EADDRINUSE): stop what holds it or set PORT.`;
    case 'EACCES':
      if (error.syscall === 'listen') return `port ${error.port} on ${error.address} needs privileges this process lacks (EACCES): set PORT above 1023.`;
      return `permission denied${error.path ? ` on ${error.path}` : ''} (EACCES): check DATA_DIR's owner and mode.`;
    case 'EADDRNOTAVAIL':
      return `the address ${error.address} is not one of this machine's (EADDRNOTAVAIL): check HOST.`;
    case 'ECONNREFUSED':
      return `the database refused the connection at ${at ?? 'its address'} (ECONNREFUSED): is it running, and is DATABASE_URL right?`;
    case 'ETIMEDOUT':
      return `the database did not answer at ${at ?? 'its address'} (ETIMEDOUT).`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the database host${error.hostname ? ` ${error.hostname}` : ''} does not resolve (${error.code}): check DATABASE_URL.`;
    case 'SQLITE_CANTOPEN':
      return 'the SQLite database file could not be opened (SQLITE_CANTOPEN): check DATA_DIR.';
    case 'SQLITE_BUSY':
      return 'the SQLite database stayed locked by another process (SQLITE_BUSY).';
    default:
      return error.code ? POSTGRES_CODES[error.code] : undefined;
  }
}
