import { Context, Next } from 'koa';
import { randomUUID } from 'node:crypto';
import { dueReadsDone } from '../../system/after-due-reads';
import { Logger } from '../../system/logger';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Sets a header of text, as `ctx.set` does, without the arrays Koa 3.3's
 * `set` builds for every call (the entries, each normalised, then walked),
 * garbage made for every header of every answer (docs/performance.md).
 */
export function setHeader(ctx: Context, name: string, value: string): void {
  if (!ctx.headerSent) ctx.res.setHeader(name, value);
}

/** Echoes a well-formed incoming `X-Request-Id`, or makes one. */
export async function requestId(ctx: Context, next: Next): Promise<void> {
  const incoming = ctx.get('X-Request-Id');
  ctx.state.requestId = VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  setHeader(ctx, 'X-Request-Id', ctx.state.requestId);
  await next();
}

/**
 * An answer leaves at the end of the event loop's turn, with the others
 * finished in it (`afterDueReads`), not the moment it is ready. Each write to
 * a socket wakes the reader at its other end (a proxy, a client on the same
 * host): written one by one between the turn's requests, every answer woke
 * a reader gone back to sleep, a system call and a wake-up in the kernel for
 * each; written together, one wakes it and the rest find it awake. The wait
 * is the rest of the turn's requests, nothing when one came alone
 * (docs/performance.md).
 */
export async function answersTogether(_ctx: Context, next: Next): Promise<void> {
  await next();
  await dueReadsDone();
}

/**
 * An answer's JSON, encoded once. Koa would stringify an object body as it
 * responds, and once more each time something asks the body's length (the
 * request log's size): a list page is the largest part of a request's work.
 * As bytes, not text: V8 builds a long JSON text in pieces, which Koa's length
 * and then Node's write (the headers put before it) each copied whole on the
 * heap, the largest share of a list's garbage; bytes are copied once, off it.
 * The content type was set when the object was assigned, and stays.
 */
export async function jsonOnce(ctx: Context, next: Next): Promise<void> {
  await next();
  const { body } = ctx;
  if (body !== null && typeof body === 'object' && isPlainJson(body)) ctx.body = Buffer.from(JSON.stringify(body));
}

/** What Koa answers with `JSON.stringify`: not a buffer, a stream, a blob or a fetch response. */
function isPlainJson(body: object): boolean {
  return (
    !Buffer.isBuffer(body) &&
    typeof (body as { pipe?: unknown }).pipe !== 'function' &&
    !(body instanceof Blob) &&
    !(body instanceof ReadableStream) &&
    !(body instanceof Response)
  );
}

/**
 * One JSON line per request: the route pattern as well as the path (with any
 * token in it masked), the status, the time, the sizes, who asked (and
 * through which API key, by its prefix) and from where. Never the query string, headers or body, which may carry secrets.
 */
export function requestLog(logger: Logger) {
  // The line is made field by field of values that are no secret (the path masked): the logger's redaction,
  // the backstop for objects logged whole, is spared here, on the path of every request.
  const log = logger.child({}, { redact: [] });
  return async function logRequest(ctx: Context, next: Next): Promise<void> {
    const started = process.hrtime.bigint();
    // Read now: once a refused upload's connection is destroyed, the socket (and its address) is gone.
    const client = ctx.ip;
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const route = (ctx as Context & { _matchedRoute?: string })._matchedRoute;
      const actor = (ctx.state.auth as { actor?: { personId: string; apiKey?: { prefix: string } } } | undefined)?.actor;
      log.info(
        {
          requestId: ctx.state.requestId,
          method: ctx.method,
          route,
          path: maskedPath(ctx),
          status: ctx.status,
          durationMs: Math.round(durationMs * 10) / 10,
          requestBytes: ctx.request.length ?? 0,
          responseBytes: ctx.response.length ?? 0,
          person: actor?.personId,
          // The key's prefix names it without being it.
          apiKey: actor?.apiKey?.prefix,
          client,
        },
        'request',
      );
    }
  };
}

/** The path with the values of `:token` parameters (an invitation's) replaced by their name. */
function maskedPath(ctx: Context): string {
  // The router decodes parameters and the path is as sent: the token is masked in either spelling.
  const token = (ctx as Context & { params?: Record<string, string> }).params?.token;
  return token ? ctx.path.split(encodeURIComponent(token)).join(':token').split(token).join(':token') : ctx.path;
}

/**
 * Headers every JSON API response carries. An answer is data, never a page:
 * nothing may load from it and no site may frame it (the docs page replaces
 * the policy with its own). Behind HTTPS, which Secure cookies mean,
 * browsers are told to use nothing else for a year.
 */
export function securityHeaders(options: { hsts: boolean }) {
  const headers: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Cache-Control', 'no-store'],
    ['Referrer-Policy', 'no-referrer'],
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['X-Frame-Options', 'DENY'],
    ...(options.hsts ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
  ];
  return async function setSecurityHeaders(ctx: Context, next: Next): Promise<void> {
    for (const [name, value] of headers) setHeader(ctx, name, value);
    await next();
  };
}
