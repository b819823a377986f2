import path from 'node:path';
import { types } from 'node:util';
import { Context, Next } from 'koa';
import { DomainError, ErrorCode, ValidationFailed } from '../../../domain/shared/errors';
import { AuthenticationFailed, DatabaseUnavailable, FileStorageUnavailable, Throttled } from '../../../application/shared/errors';
import { isFileStorageUnreachable } from '../../file-storage/storage-failures';
import { isDatabaseUnreachable } from '../../persistence/typeorm/engine';
import { HttpError } from '../http-errors';
import { setRateLimitHeaders } from './authentication';
import { Logger } from '../../system/logger';

/** Where a request refused because the database is away is counted (the outage's log lines and metrics). */
export interface DatabaseOutageReport {
  /** `startedAt`: when the request came (`performance.now()`). */
  failed(startedAt?: number): void;
}

/** Every domain error code and the status it answers: one exhaustive table. */
const STATUS_BY_CODE: Record<ErrorCode, number> = {
  invalid: 400,
  not_authenticated: 401,
  authentication_failed: 401,
  permission_denied: 403,
  not_found: 404,
  invalid_transition: 409,
  locked: 409,
  in_use: 409,
  conflict: 409,
  throttled: 429,
  mail_delivery_failed: 503,
  database_unavailable: 503,
  file_storage_unavailable: 503,
  idempotency_mismatch: 422,
  idempotency_in_progress: 409,
  precondition_failed: 412,
};

/** Codes that clients see in the body beside `detail`: those of a 409, and a mail server that failed. */
const CODES_IN_BODY: ReadonlySet<ErrorCode> = new Set([
  'invalid_transition',
  'locked',
  'in_use',
  'conflict',
  'mail_delivery_failed',
  'idempotency_mismatch',
  'idempotency_in_progress',
  'precondition_failed',
]);

/**
 * The one place where errors become responses, in DRF's shapes. Anything
 * unexpected is logged on the server by its class, message and origin (the
 * line of the service's code it came from, not a stack trace) and answered
 * with a generic 500: no stack trace, SQL or secret ever leaves in a
 * response or a log line.
 */
export function errorHandler(logger: Logger, databaseOutage?: DatabaseOutageReport) {
  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    ctx.state.receivedAt = performance.now();
    try {
      await next();
    } catch (error) {
      respond(ctx, error, logger, databaseOutage);
    }
  };
}

/**
 * Renders `error` into `ctx` as the API answers it (also for an answer that is stored, as idempotent requests do).
 * A 503 for a database that is away is told to `databaseOutage`, which logs the outage once, not each request.
 */
export function respond(ctx: Context, thrown: unknown, logger: Logger, databaseOutage?: DatabaseOutageReport): void {
  // A database or a file storage that is away is no fault of the request's: 503 with `Retry-After`, whatever
  // the driver said (a reset of the database's socket is not a client that went away: the client's own socket
  // is still there, though the request stream counts as destroyed once its body is read).
  const clientGone = isClientAbort(thrown) && ((thrown as { code?: string }).code === 'ECONNABORTED' || ctx.req?.socket?.destroyed === true);
  const error = clientGone ? thrown : (unavailableOf(thrown) ?? thrown);
  if (error instanceof DatabaseUnavailable) databaseOutage?.failed(ctx.state?.receivedAt as number | undefined);
  if (error instanceof ValidationFailed) {
    ctx.status = 400;
    ctx.body = error.errors;
  } else if (error instanceof DomainError) {
    ctx.status = STATUS_BY_CODE[error.code];
    ctx.body = CODES_IN_BODY.has(error.code) ? { detail: error.message, code: error.code } : { detail: error.message };
    if (ctx.status === 401) ctx.set('WWW-Authenticate', error instanceof AuthenticationFailed && error.challenge ? `${error.challenge} realm="api"` : 'Basic realm="api"');
    if (error instanceof Throttled || error instanceof DatabaseUnavailable || error instanceof FileStorageUnavailable) {
      ctx.set('Retry-After', String(error.retryAfterSeconds));
    }
    if (error instanceof Throttled && error.allowance) setRateLimitHeaders(ctx, error.allowance);
  } else if (error instanceof HttpError) {
    ctx.status = error.status;
    ctx.body = { detail: error.detail };
    ctx.set(error.headers);
  } else if (clientGone) {
    ctx.status = 400;
    ctx.body = { detail: 'The request body was not received completely.' };
  } else {
    logger.error({ requestId: ctx.state.requestId, error: describe(error) }, 'unhandled error');
    ctx.status = 500;
    ctx.body = { detail: 'A server error occurred.' };
  }
}

/**
 * The 503 for a system the request needed that did not answer. The file storage's failures are marked
 * by its adapter (its socket errors read like the database's), so they are looked at first.
 */
function unavailableOf(thrown: unknown): DatabaseUnavailable | FileStorageUnavailable | undefined {
  if (isFileStorageUnreachable(thrown)) return new FileStorageUnavailable();
  if (isDatabaseUnreachable(thrown)) return new DatabaseUnavailable();
  return undefined;
}

/** How a response's write fails when its client has gone. */
const CLIENT_GONE: ReadonlySet<string> = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'EPIPE']);

/**
 * Koa's report of a body stream that failed after the answer had begun (a CSV
 * export whose next page could not be read): Koa has destroyed the response,
 * so the client sees a broken transfer rather than a short file; this logs it
 * as `errorHandler` logs a failure. A client that went away is no failure.
 */
export function logFailedResponse(logger: Logger) {
  return (error: unknown, ctx?: Context): void => {
    if (isClientAbort(error) || CLIENT_GONE.has((error as { code?: string } | null)?.code ?? '')) return;
    logger.error({ requestId: ctx?.state.requestId, error: describe(error) }, 'response failed after it began');
  };
}

function isClientAbort(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ECONNRESET' || code === 'ECONNABORTED';
}

/** The error's class, message and origin for the server log, never its data (SQL and its parameters stay out). */
function describe(error: unknown): { type: string; message: string; origin?: string } {
  // Node's own errors may come from another realm (a VM context), where `instanceof Error` is false.
  if (error instanceof Error || types.isNativeError(error)) {
    const message = error.constructor.name === 'QueryFailedError' ? 'database query failed' : error.message;
    return { type: error.constructor.name, message, origin: originOf(error.stack) };
  }
  return { type: typeof error, message: 'non-error thrown' };
}

/** The service's own code: the directory above `adapters/` (the project, or its build). */
const SERVICE_ROOT = `${path.resolve(__dirname, '../../..')}${path.sep}`;

/**
 * One frame of a stack: the first in the service's own code (not a package's),
 * else the first, its path relative to the service. Where to look, without
 * the trace.
 */
function originOf(stack: string | undefined): string | undefined {
  const frames = (stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map((line) => line.trim().slice('at '.length));
  const own = frames.find((frame) => frame.includes(SERVICE_ROOT) && !frame.includes(`${path.sep}node_modules${path.sep}`));
  return (own ?? frames[0])?.split(SERVICE_ROOT).join('');
}
