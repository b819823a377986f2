import { Context, Next } from 'koa';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IncomingMessage } from 'node:http';
import { ParseError, PayloadTooLarge, TooManyParts, UnsupportedMediaType } from '../http-errors';
import { JsonSyntaxError, parseJson } from './lossless-json';

export const JSON_BODY_LIMIT = 1024 * 1024;
/**
 * The JSON or form body of a route anyone may call (sign-up, login, invitation
 * accept): their fields fit in a few hundred bytes, and parsing a megabyte for
 * a stranger costs what no credential has paid for.
 */
export const ANONYMOUS_BODY_LIMIT = 16 * 1024;
export const MULTIPART_BODY_LIMIT = 10 * 1024 * 1024;
/** No operation takes more than one file (a receipt); more is refused as it arrives, before any is written. */
export const MULTIPART_MAX_FILES = 1;
export const MULTIPART_MAX_FIELDS = 1000;

// formidable's error codes (formidable/src/FormidableError.js).
const FORMIDABLE = { maxFieldsSizeExceeded: 1006, maxFieldsExceeded: 1007, biggerThanTotalMaxFileSize: 1009, maxFilesExceeded: 1015, biggerThanMaxFileSize: 1016 };

/** A file from a multipart body, on local temporary storage until a use case takes it. */
export class UploadedFile {
  constructor(
    readonly path: string,
    readonly size: number,
  ) {}
}

export interface BodyOptions {
  /** Also accept `application/x-www-form-urlencoded`. */
  form?: boolean;
  /** Also accept `multipart/form-data`, with files. */
  multipart?: boolean;
  /** Bytes of a JSON or form body (default `JSON_BODY_LIMIT`). */
  limit?: number;
  /** Bytes of the file of a multipart body (default `MULTIPART_BODY_LIMIT`; pictures take less). */
  fileLimit?: number;
}

/** Methods whose body is never read (a DELETE's is, where its operation declares one: `DELETE me/`'s password, closing an organisation's). */
const WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Reads the request body into `ctx.state.body` by its content type, as DRF's
 * parsers do: JSON always, forms and multipart where the endpoint takes them,
 * any other type a 415. Form field names with dots become nested objects.
 */
export function readBody(options: BodyOptions = {}) {
  /** Files go to a directory of the request's own, removed with everything in it when the request ends. */
  const fileLimit = options.fileLimit ?? MULTIPART_BODY_LIMIT;
  const multipart = (uploadDir: string) => koaBody()({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      maxFileSize: fileLimit,
      maxTotalFileSize: fileLimit,
      maxFieldsSize: JSON_BODY_LIMIT,
      maxFields: MULTIPART_MAX_FIELDS,
      maxFiles: MULTIPART_MAX_FILES,
      allowEmptyFiles: true,
      minFileSize: 0,
      uploadDir,
      onPart: treatNamedPartsAsFiles,
    },
    onError: (error) => {
      throw multipartError(error, fileLimit);
    },
  });

  return async function bodyReader(ctx: Context, next: Next): Promise<void> {
    if (WITHOUT_BODY.has(ctx.method)) {
      ctx.state.body = {};
      return next();
    }
    const type = (ctx.get('Content-Type').split(';')[0] ?? '').trim().toLowerCase();
    const limit = options.limit ?? JSON_BODY_LIMIT;
    if (type === 'application/json' || type.endsWith('+json')) {
      const text = (await readRaw(ctx.req, limit)).toString('utf8');
      ctx.state.body = text.trim() === '' ? {} : parseJsonBody(text);
    } else if (type === 'application/x-www-form-urlencoded' && options.form) {
      const text = (await readRaw(ctx.req, limit)).toString('utf8');
      ctx.state.body = expandDottedNames([...new URLSearchParams(text)]);
      ctx.state.bodyIsForm = true;
    } else if (type === 'multipart/form-data' && options.multipart) {
      assertDeclaredLength(ctx.req, fileLimit + JSON_BODY_LIMIT, fileLimit);
      // Uploads live in a directory of this request's only, gone when it ends, refused or not: whoever
      // keeps a file copies it.
      const uploads = await mkdtemp(path.join(tmpdir(), 'upload-'));
      try {
        await multipart(uploads)(ctx, async () => undefined);
        ctx.state.body = multipartBody(ctx);
        ctx.state.bodyIsForm = true;
        return await next();
      } finally {
        await rm(uploads, { recursive: true, force: true });
      }
    } else if (type === '' && !hasBody(ctx.req)) {
      ctx.state.body = {};
    } else {
      throw new UnsupportedMediaType(ctx.get('Content-Type'));
    }
    return next();
  };
}

type KoaBody = typeof import('koa-body').koaBody;
type Part = import('formidable').Part;
let loadedKoaBody: KoaBody | undefined;

/**
 * koa-body, loaded by the first multipart request: it is only the multipart
 * parser (formidable) here, and with zod, co-body and qs it is a large share
 * of an idle server's memory that JSON and forms never use (docs/performance.md).
 */
function koaBody(): KoaBody {
  return (loadedKoaBody ??= (require('koa-body') as typeof import('koa-body')).koaBody);
}

/**
 * A part that names a file is a file, as Django reads it, with or without a
 * Content-Type of its own: Python `requests` and curl's `-F f=@x;type=` send
 * none, and formidable would read such a part as a text field. Its type is
 * never taken from the client anyway: the upload checks sniff the content.
 */
function treatNamedPartsAsFiles(part: Part, handlePart: (part: Part) => void): void {
  if (typeof part.originalFilename === 'string' && !part.mimetype) part.mimetype = 'application/octet-stream';
  handlePart(part);
}

/** The answer to a multipart body formidable refused: each limit names itself. */
function multipartError(error: Error, fileLimit: number): Error {
  switch ((error as { code?: number }).code) {
    case FORMIDABLE.maxFilesExceeded:
      return new TooManyParts('files', MULTIPART_MAX_FILES);
    case FORMIDABLE.maxFieldsExceeded:
      return new TooManyParts('fields', MULTIPART_MAX_FIELDS);
    case FORMIDABLE.maxFieldsSizeExceeded:
      return new PayloadTooLarge(JSON_BODY_LIMIT);
    case FORMIDABLE.biggerThanMaxFileSize:
    case FORMIDABLE.biggerThanTotalMaxFileSize:
      return new PayloadTooLarge(fileLimit);
    default:
      return (error as { httpCode?: number }).httpCode === 413 ? new PayloadTooLarge(fileLimit) : new ParseError('Multipart form parse error.');
  }
}

function parseJsonBody(text: string): unknown {
  try {
    return parseJson(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw new ParseError(error.message);
    throw error;
  }
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** `named`: the limit the answer names (a multipart body's file limit, not the file and its fields together). */
function assertDeclaredLength(req: IncomingMessage, limit: number, named = limit): void {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new PayloadTooLarge(named);
}

/** The raw body, refusing (413) as soon as it is known to exceed the limit. */
async function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  assertDeclaredLength(req, limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new PayloadTooLarge(limit);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function multipartBody(ctx: Context): Record<string, unknown> {
  const request = ctx.request as unknown as {
    body?: Record<string, string | string[]>;
    files?: Record<string, { filepath: string; size: number } | { filepath: string; size: number }[]>;
  };
  const entries: [string, unknown][] = Object.entries(request.body ?? {}).map(([name, value]) => [
    name,
    Array.isArray(value) ? value[value.length - 1] : value,
  ]);
  for (const [name, file] of Object.entries(request.files ?? {})) {
    const last = Array.isArray(file) ? file[file.length - 1] : file;
    entries.push([name, new UploadedFile(last.filepath, last.size)]);
  }
  return expandDottedNames(entries);
}

/** Every file part of the request, repeated names included. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * No field of the API nests deeper than `banking_information.bank_name`: a
 * name of more levels matches no field, so it is left out, as unknown fields
 * are, before it can become an object a hundred thousand levels deep.
 */
const MAX_NAME_DEPTH = 8;

/** `address.city=Nairobi` becomes `{ address: { city: 'Nairobi' } }`; the last value of a name wins. */
export function expandDottedNames(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    const path = name.split('.', MAX_NAME_DEPTH + 1);
    if (path.length > MAX_NAME_DEPTH || path.some((segment) => FORBIDDEN_KEYS.has(segment))) continue;
    let node = root;
    for (const segment of path.slice(0, -1)) {
      if (typeof node[segment] !== 'object' || node[segment] === null) node[segment] = {};
      node = node[segment] as Record<string, unknown>;
    }
    node[path[path.length - 1]] = value;
  }
  return root;
}

