import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Middleware } from 'koa';
import { IdempotentRequests } from '../../../application/shared/idempotency';
import { JsonNumber } from '../body/lossless-json';
import { UploadedFile } from '../body/read-body';
import { HttpError } from '../http-errors';
import { Logger } from '../../system/logger';
import { DatabaseOutageReport, respond } from './error-handler';

/** 1 to 255 printable ASCII characters (contract section 8). */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

/** Answers that say "not now" rather than "no": a retry must run again, so they are not stored. */
const TRANSIENT = new Set([409, 429]);

/**
 * The largest refusal kept for replay, as JSON. A refusal may quote what it refuses (DRF's
 * `"…" is not a valid choice.`), so a megabyte sent would be a megabyte kept for a day; a larger
 * refusal is not stored, and a retry with its key is judged again (docs/decisions/guarantees.md).
 */
export const STORED_REFUSAL_LIMIT = 16 * 1024;

export class InvalidIdempotencyKey extends HttpError {
  constructor() {
    super(400, 'Invalid Idempotency-Key header.');
  }
}

/**
 * `Idempotency-Key` on a create: the request runs once per key, caller and
 * path; a retry with the same body gets the stored status and body again
 * (`Idempotent-Replayed: true`). Errors are rendered here, not by the outer
 * handler, so that a 4xx is stored like a success; a 5xx, the transient
 * 409 and 429, and a refusal too large to keep are not.
 */
export function idempotentCreate(
  requests: IdempotentRequests,
  logger: Logger,
  databaseOutage?: DatabaseOutageReport,
): (options: { atomic: boolean }) => Middleware {
  return ({ atomic }) => async (ctx, next) => {
    if (ctx.get('Idempotency-Key') === '' && !('idempotency-key' in ctx.headers)) return next();
    const key = ctx.get('Idempotency-Key');
    if (!VALID_KEY.test(key)) throw new InvalidIdempotencyKey();
    const caller = (ctx.state.auth as { actor?: { personId: string } } | undefined)?.actor?.personId ?? 'anonymous';
    const scope = `${caller} ${ctx.path.replace(/\/+$/, '')}`;
    const fingerprint = await fingerprintOf(ctx.state.body);
    const { answer, replayed } = await requests.execute({ scope, key, fingerprint, atomic }, async () => {
      try {
        await next();
      } catch (error) {
        respond(ctx, error, logger, databaseOutage);
      }
      return { status: ctx.status, body: ctx.body, keep: keeps(ctx.status, ctx.body) };
    });
    ctx.status = answer.status;
    ctx.body = answer.body;
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
  };
}

/** Successes always; refusals when final ("no", not "not now") and small enough to keep. */
function keeps(status: number, body: unknown): boolean {
  if (status < 400) return true;
  if (status >= 500 || TRANSIENT.has(status)) return false;
  return Buffer.byteLength(JSON.stringify(body ?? null)) <= STORED_REFUSAL_LIMIT;
}

/** SHA-256 of the parsed body in a canonical form: keys sorted, numbers as sent, each file by its content's digest. */
export async function fingerprintOf(body: unknown): Promise<string> {
  const canonical = await canonicalise(body);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

async function canonicalise(value: unknown): Promise<unknown> {
  if (value instanceof JsonNumber) return { number: value.text };
  if (value instanceof UploadedFile) return { file: await digestOfFile(value.path), size: value.size };
  if (Array.isArray(value)) return Promise.all(value.map(canonicalise));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Promise.all(entries.map(async ([name, nested]) => [name, await canonicalise(nested)]));
  }
  return value ?? null;
}

async function digestOfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
