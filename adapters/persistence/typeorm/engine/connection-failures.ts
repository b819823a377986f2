/** Socket errors of a database that cannot be reached or stopped answering. */
const UNREACHABLE_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * Postgres's own codes for the same: a statement cancelled by `statement_timeout` (57014), the server
 * shutting down or restarting (57P01–57P03), a connection failure (08xxx), too many connections (53300).
 */
const UNREACHABLE_SQLSTATE = /^(57014|57P0[1-3]|08...|53300)$/;

/**
 * node-postgres's and pg-pool's messages for a connection lost, not made in time (a client's own connect timeout
 * says "timeout expired"), or a reply not read in time.
 */
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|^timeout expired$|Connection timeout|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/**
 * Whether `error` (as thrown by node-postgres, or wrapped by TypeORM as a
 * `QueryFailedError` with the driver's error beside it) says the database
 * could not be reached or did not answer in time, rather than refusing the
 * statement: such a failure is the database's, not the request's.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (const candidate of [error, (error as { driverError?: unknown } | null)?.driverError]) {
    if (!candidate || typeof candidate !== 'object') continue;
    const { code, message } = candidate as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNREACHABLE_SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
  }
  return false;
}
