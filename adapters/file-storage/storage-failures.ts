import { DependencyOutage } from '../system/dependency-outage';
import type { Logger } from '../system/logger';

/** Socket errors of a store that cannot be reached or stopped answering. */
const UNREACHABLE_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/**
 * The same in an error's text. The SDK's retry wraps an error that is not its realm's `Error` (one of
 * Node's own seen from a VM context, as in jest) in a new one that keeps only the text.
 */
const UNREACHABLE_MESSAGE = new RegExp(`\\b(${[...UNREACHABLE_CODES].join('|')})\\b|socket hang up`);

/**
 * The SDK's name for an attempt that outlived a bound (connecting, the answer,
 * a silent connection: `S3_*`), and S3's own for a request it gave up reading.
 */
const UNREACHABLE_NAMES: ReadonlySet<string> = new Set(['TimeoutError', 'RequestTimeout']);

/**
 * A file storage that did not answer: what `S3FileStorage` throws in place of
 * the SDK's error when the store could not be reached, answered too late, or
 * failed on its side. The SDK's error stays here, for the server alone.
 */
export class FileStorageUnreachable extends Error {
  constructor(
    override readonly cause: unknown,
    /** Its code or name (`ECONNREFUSED`, `TimeoutError`, `HTTP 503`), for the log: never the request or a credential. */
    readonly reason: string,
  ) {
    super('The file storage did not answer.');
    this.name = 'FileStorageUnreachable';
  }
}

/**
 * `error` as a store that did not answer (a `FileStorageUnreachable`) when the
 * SDK's error says so: a socket error, a bound reached after the last attempt,
 * or a 5xx (S3's `SlowDown`, `InternalError`, a proxy's 502). Anything else (a
 * refused credential, a missing bucket) is the configuration's and is left as it is.
 */
export function asUnreachable(error: unknown): unknown {
  if (!error || typeof error !== 'object') return error;
  const { code, name, message, $metadata } = error as { code?: unknown; name?: unknown; message?: unknown; $metadata?: { httpStatusCode?: number } };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return new FileStorageUnreachable(error, code);
  const said = typeof message === 'string' ? UNREACHABLE_MESSAGE.exec(message) : null;
  if (said) return new FileStorageUnreachable(error, said[1] ?? 'ECONNRESET');
  if (typeof name === 'string' && UNREACHABLE_NAMES.has(name)) return new FileStorageUnreachable(error, name);
  const status = $metadata?.httpStatusCode;
  if (status !== undefined && status >= 500) return new FileStorageUnreachable(error, `HTTP ${status}`);
  return error;
}

/** Whether `error` says the file storage did not answer: no fault of the request's (the error handler's 503). */
export function isFileStorageUnreachable(error: unknown): error is FileStorageUnreachable {
  return error instanceof FileStorageUnreachable;
}

/**
 * Whether the store answers, as the requests that use it find out: the one
 * outage mechanism of the database and the rate-limit store (a warning when an
 * outage begins and a line when it ends, never one per request); the numbers
 * are the metrics' (`file_storage_unavailable`, `file_storage_failures_total`).
 */
export class FileStorageAvailability extends DependencyOutage {
  constructor(logger?: Pick<Logger, 'warn' | 'info'>) {
    super(logger, {
      says: {
        begins: 'The file storage (S3) is unavailable: uploads and downloads answer 503 until it answers again.',
        ends: 'The file storage (S3) answers again.',
      },
    });
  }

  /** An operation the store answered: an outage, if any, is over. */
  answered(): void {
    this.end();
  }
}
