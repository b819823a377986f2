import { Context } from 'koa';
import { InputClass } from '../validation/input';
import { ListParameters } from '../validation/query';
import type { Tag } from './api-tags';
import type { RouteScope } from './route-scopes';
import { WireSchema } from './wire-schema';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Response headers the API description names (`components.headers`). */
export type DocumentedHeader = 'X-Total-Count' | 'Link' | 'Set-Cookie' | 'Content-Disposition' | 'Idempotent-Replayed' | 'ETag' | 'Cache-Control' | 'Location';

/** One success answer of an operation. */
export interface Answer {
  status: number;
  description: string;
  /** A JSON body and its schema. */
  json?: WireSchema<unknown>;
  /** A body of another media type (a file, a page), or one besides the JSON (a list's CSV). */
  media?: { types: readonly string[]; description: string };
  /** Headers it carries; `true` when always. */
  headers?: Partial<Record<DocumentedHeader, boolean>>;
}

/**
 * Error statuses an operation answers beyond those its shape implies: every
 * operation with credentials 401, 429 (failed Basic logins are throttled) and,
 * on unsafe methods, 403 (CSRF); with a body 400, 413 and 415; with a path
 * parameter 404; a list 400; every path 405 to the methods it does not take.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503;

/** `required` (the default): Basic or a session; `optional`: anonymous too; `none`: no credentials read. */
export type Credentials = 'required' | 'optional' | 'none';

/** The body an operation takes: its `@Input` class and the content types besides JSON. */
export interface BodyParameters {
  input: InputClass<object>;
  /** `application/x-www-form-urlencoded`. */
  form?: boolean;
  /** `multipart/form-data`, with files. */
  multipart?: boolean;
  /** Bytes of the file in a multipart body, when less than every upload's 10 MiB (413 beyond). */
  fileLimit?: number;
  /**
   * Why the body may be left out, when it may (its fields come from the query
   * too; it is read only without credentials): the API description's words.
   */
  optional?: string;
}

/**
 * One operation, declared where it is registered: what it reads, what it
 * answers and who may call it. The router serves it and the API description
 * is generated from the same declaration, so the two cannot drift.
 */
export interface Operation {
  method: Method;
  path: string;
  /** A few words: what the operation does ("List vendors"). */
  summary: string;
  /** What a caller needs to know beyond the summary: who may call it, what it changes, what it answers. */
  description: string;
  /** The area it belongs to; derived from the path when left out (see `tagOf`). */
  tag?: Tag;
  credentials?: Credentials;
  /** What it asks of an API key, where its tag and method do not say it (see `scopeOf`). */
  scope?: RouteScope;
  /** The expense action changes state even on GET: a cookie session shows its CSRF token then too. */
  csrfOnEveryMethod?: boolean;
  body?: BodyParameters;
  /**
   * Fields also read from the query string as a form (the expense action's `action` and `reason`): each value counts as
   * sent, an empty one too. With a body, either may carry each.
   */
  query?: InputClass<object>;
  /** The filters of a read that is not a list (a report), read as a list's are: an empty value filters nothing. */
  filters?: InputClass<object>;
  /** A list: its filters, orderings and paging. */
  list?: ListParameters;
  /** An answer that is also a table (a report): with `format=csv`, these rows of it as a file. */
  table?: { item: WireSchema<unknown>; rows: (body: any) => object[] };
  answers: Answer[];
  errors?: ErrorStatus[];
  /**
   * A create that waits on something outside the database (a password hash,
   * a mail server): under an Idempotency-Key its answer is stored just after
   * its own transactions rather than in one with them (see IdempotentRequests).
   */
  slowSideEffects?: boolean;
  /**
   * A write of one record: the path of the detail GET that answers the
   * record's current representation, whose ETag `If-Match` must name.
   */
  precondition?: string;
  /**
   * The caller's profile is what it reads first: read with the credentials'
   * check (see `Preread`). An operation under `/organisation/:org/` has its
   * organisation read so without saying it.
   */
  preread?: 'profile';
  handle(ctx: Context): Promise<void> | void;
}

export type DocumentedOperation = Omit<Operation, 'handle'>;

/** An operation whose success is one record (not a list, a file or nothing): its answers carry an ETag. */
export function answersOneRecord(operation: DocumentedOperation): boolean {
  if (operation.table || operation.list) return false; // a report or a page: not a record to update
  if (operation.answers[0]?.headers?.['Content-Disposition']) return false; // a document to download (a personal data export): not a record either
  const json = operation.answers[0]?.json?.json as { type?: string } | undefined;
  return json !== undefined && json.type !== 'array';
}

/** A POST that answers 201: a create, which takes an `Idempotency-Key`. */
export function isCreate(operation: DocumentedOperation): boolean {
  return operation.method === 'POST' && operation.answers.some((answer) => answer.status === 201);
}
