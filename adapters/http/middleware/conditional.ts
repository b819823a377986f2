import { hash } from 'node:crypto';
import { Context, Middleware } from 'koa';
import { PreconditionFailed } from '../../../application/shared/errors';
import { UnitOfWork } from '../../../application/shared/ports';
import { ConcurrentModification } from '../../../domain/shared/errors';
import { setHeader } from './request-context';

/**
 * Conditional requests (contract section 8). A record's ETag is a strong
 * validator of its representation: the SHA-256 of the JSON the detail GET
 * answers, so it changes whenever anything that answer shows changes, nested
 * objects included, and is the same on every instance.
 */
export function etagOf(body: unknown): string {
  return etagOfJson(JSON.stringify(body));
}

/** The tag of a JSON answer, as text or as its UTF-8 bytes (the same tag). One-shot: no hash object per answer. */
function etagOfJson(json: string | Buffer): string {
  return `"${hash('sha256', json, 'base64url')}"`;
}

/** Whether an `If-Match` / `If-None-Match` list names `etag` (`*` names any). Weak tags never match strongly. */
function names(header: string, etag: string): boolean {
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag;
  });
}

function isRecord(body: unknown): body is object {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && !Buffer.isBuffer(body) && !('pipe' in body);
}

/**
 * An answer of one record carries its ETag; a GET whose `If-None-Match` names
 * it is a 304 without a body, unless the GET changes state (the expense action).
 */
export const withETag = (options: { notModified: boolean }): Middleware => async (ctx, next) => {
  await next();
  if (ctx.status < 200 || ctx.status > 299 || !isRecord(ctx.body)) return;
  // Encoded once: the bytes hashed are the bytes sent (see `jsonOnce`).
  const json = Buffer.from(JSON.stringify(ctx.body));
  const etag = etagOfJson(json);
  ctx.body = json;
  setHeader(ctx, 'ETag', etag);
  const ifNoneMatch = ctx.get('If-None-Match');
  if (options.notModified && ctx.method === 'GET' && ifNoneMatch && names(ifNoneMatch, etag)) {
    ctx.status = 304;
    ctx.body = null;
  }
};

/**
 * `If-Match` on a write: the record's current ETag (what its detail GET would
 * answer now) must be one the header names, or 412 and nothing changes. The
 * check and the write are one transaction, serializable: on SQLite writes run
 * one at a time; on Postgres a concurrent change to what was checked aborts
 * one of the two, which then answers 412 as well.
 */
export function ifMatch(unitOfWork: UnitOfWork, detail: () => ((ctx: Context) => Promise<void> | void) | undefined): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('If-Match');
    const current = header ? detail() : undefined;
    if (!current) return next();
    try {
      await unitOfWork.transaction(
        async () => {
          if (!names(header, etagOf(await representationOf(ctx, current)))) throw new PreconditionFailed();
          await next();
        },
        { serializable: true },
      );
    } catch (error) {
      throw error instanceof ConcurrentModification ? new PreconditionFailed() : error;
    }
  };
}

/** What the detail handler answers for the record of `ctx`, read through a context of its own so that `ctx`'s answer stays untouched. */
async function representationOf(ctx: Context, handle: (ctx: Context) => Promise<void> | void): Promise<unknown> {
  const probe = Object.create(ctx) as Context;
  let body: unknown;
  Object.defineProperty(probe, 'body', { get: () => body, set: (value: unknown) => (body = value) });
  Object.defineProperty(probe, 'status', { value: 200, writable: true });
  await handle(probe);
  return body;
}
