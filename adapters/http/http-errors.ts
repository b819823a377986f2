/** Failures that only exist at the HTTP boundary, each with the status it answers. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export class ParseError extends HttpError {
  constructor(reason: string) {
    super(400, `JSON parse error - ${reason}`);
  }
}

export class UnsupportedMediaType extends HttpError {
  constructor(contentType: string) {
    super(415, `Unsupported media type "${contentType}" in request.`);
  }
}

export class PayloadTooLarge extends HttpError {
  constructor(limitBytes: number) {
    super(413, `Request body is larger than the limit of ${formatBytes(limitBytes)}.`);
  }
}

/** A multipart body with more parts of a kind than any operation takes. */
export class TooManyParts extends HttpError {
  constructor(kind: 'files' | 'fields', limit: number) {
    super(413, kind === 'files' ? `Request has more than ${limit} file${limit === 1 ? '' : 's'}.` : `Request has more than ${limit} fields.`);
  }
}

export class MethodNotAllowed extends HttpError {
  constructor(method: string, allowed: string[] = []) {
    super(405, `Method "${method}" not allowed.`, allowed.length ? { Allow: allowed.join(', ') } : {});
  }
}

/**
 * A route that exists only to answer 405 (a `…/create/` path asked with GET,
 * which would otherwise read as the detail of a record named "create"). It is
 * tagged so that the API description does not list it as an operation.
 */
export function refuseMethod(allowed: string[]) {
  const handler = (ctx: { method: string }) => {
    throw new MethodNotAllowed(ctx.method, allowed);
  };
  return Object.assign(handler, { refusesMethod: true as const });
}

export class RouteNotFound extends HttpError {
  constructor() {
    super(404, 'Not found.');
  }
}

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}
