import { apiTags, tagOf } from '../shared/api-tags';
import { describeScope, scopeOf } from '../shared/route-scopes';
import { scopeName } from '../../../domain/api-key/api-key-scope';
import { answersOneRecord, DocumentedOperation, isCreate } from '../shared/operation';
import { mergeComponents } from '../shared/wire-schema';
import { JsonSchema } from '../validation/fields';
import { inputSchema, inputsOf, queryParameters } from '../validation/input';
import { FORMAT_INPUT, listInputs } from '../validation/query';
import { withExamples } from './examples';

/**
 * The OpenAPI 3.1 description of the API, generated from the operations as
 * they are registered: each one's path, credentials, body and query `@Input`
 * fields, list parameters, and the schema beside each presenter, so that it
 * cannot drift from what the server accepts and answers.
 */
export function openApiDocument(operations: readonly DocumentedOperation[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const schemas: Record<string, JsonSchema>[] = [ERROR_SCHEMAS];
  for (const entry of operations) {
    const path = `${entry.path.replace(/:(\w+)/g, '{$1}')}${entry.path.startsWith('/api/') ? '/' : ''}`;
    for (const answer of entry.answers) if (answer.json) schemas.push({ ...answer.json.components });
    (paths[path] ??= {})[entry.method.toLowerCase()] = operation(entry);
  }
  return withExamples({
    openapi: '3.1.0',
    info: {
      title: 'Business management API',
      version,
      // The package is UNLICENSED: no SPDX licence applies, so a LicenseRef names it.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'The maintainers of the business management API' },
      description:
        'Profile, organisations, expenses, contacts, leads and vendors. Errors have Django REST Framework shapes; ' +
        'any operation may also answer 500 `{"detail": "A server error occurred."}`. In the query string of a list or a report, a ' +
        'parameter sent empty (`status=`) is as if left out (`allowEmptyValue`).',
    },
    servers: [{ url: '/' }],
    tags: apiTags(),
    security: [{ basicAuth: [] }, { cookieAuth: [] }, { bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: 'E-mail and password.' },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key (`bmk_…`, from POST /api/v1.0/organisation/{org}/api-keys/create/), also taken as `Authorization: Token <key>`. ' +
            'It acts as its person in its organisation alone, within its scopes: each operation names the scope it needs (`x-scope`). No CSRF token.',
        },
        cookieAuth: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sessionid',
          description: 'From POST /api/v1.0/auth/login/. Unsafe methods (and the expense action) need X-CSRFToken equal to the csrftoken cookie.',
        },
      },
      schemas: mergeComponents(...schemas),
      responses: ERROR_RESPONSES,
      headers: referencedHeaders({ paths, responses: ERROR_RESPONSES }),
    },
  });
}

const HEADERS: Record<string, JsonSchema> = {
  'X-Request-Id': { description: 'The request id, echoing a well-formed incoming one.', required: true, schema: { type: 'string' } },
  'X-Total-Count': { description: 'How many items the whole list holds.', required: true, schema: { type: 'integer', minimum: 0 } },
  Link: {
    description: 'RFC 8288 links to the `first`, `prev`, `next` and `last` pages.',
    required: true,
    schema: { type: 'string', pattern: '^<[^>]+>; rel="first"(, <[^>]+>; rel="(prev|next)")*, <[^>]+>; rel="last"$' },
  },
  'Set-Cookie': { description: '`sessionid` (HttpOnly) and `csrftoken`.', required: true, schema: { type: 'string', pattern: 'sessionid=' } },
  'Content-Disposition': { description: 'The file name.', required: true, schema: { type: 'string', pattern: '^attachment; filename=' } },
  'Cache-Control': { description: 'For the caller alone: shared caches must not keep it.', required: true, schema: { type: 'string', pattern: '^private' } },
  Location: { description: 'Where what was accepted is read: its path, to poll.', required: true, schema: { type: 'string', pattern: '^/api/' } },
  'WWW-Authenticate': {
    description: 'The Basic challenge; the Bearer one when the request sent an API key.',
    required: true,
    schema: { type: 'string', enum: ['Basic realm="api"', 'Bearer realm="api"'] },
  },
  Allow: { description: 'The methods the path takes.', required: true, schema: { type: 'string' } },
  'RateLimit-Limit': { description: 'With an API key: the requests it may make a minute.', required: true, schema: { type: 'integer', minimum: 1 } },
  'RateLimit-Remaining': { description: 'With an API key: the requests it has left this minute.', required: true, schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'With an API key: seconds until its minute starts afresh.', required: true, schema: { type: 'integer', minimum: 0 } },
  'Retry-After': { description: 'Seconds until the next attempt may succeed.', required: true, schema: { type: 'integer', minimum: 0 } },
  ETag: {
    description: "The record's version: a strong validator of this representation, for `If-None-Match` and `If-Match`.",
    required: true,
    schema: { type: 'string', pattern: '^"[A-Za-z0-9_-]{43}"$' },
  },
  'Idempotent-Replayed': {
    description: 'Present (`true`) when the answer is the stored one of an earlier request with the same `Idempotency-Key`.',
    required: false,
    schema: { type: 'string', const: 'true' },
  },
};

const header = (name: string, required = true): JsonSchema =>
  required ? { $ref: `#/components/headers/${name}` } : { ...HEADERS[name], required: false };

/**
 * The headers some `$ref` names. One that is optional wherever it is answered (`Link`, `Idempotent-Replayed`)
 * is written inline each time, since a `$ref`'d header carries `required: true`, and is not listed unused.
 */
function referencedHeaders(described: JsonSchema): Record<string, JsonSchema> {
  const named = new Set([...JSON.stringify(described).matchAll(/"#\/components\/headers\/([^"]+)"/g)].map((match) => match[1]!));
  return Object.fromEntries(Object.entries(HEADERS).filter(([name]) => named.has(name)));
}

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const ERROR_SCHEMAS: Record<string, JsonSchema> = {
  Detail: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'], additionalProperties: false },
  Conflict: {
    type: 'object',
    properties: {
      detail: { type: 'string' },
      code: { type: 'string', enum: ['invalid_transition', 'locked', 'in_use', 'conflict', 'idempotency_in_progress'] },
    },
    required: ['detail', 'code'],
    additionalProperties: false,
  },
  ValidationErrors: {
    type: 'object',
    description: 'Messages per field (`{"field": ["…"]}`), nested for nested objects; `non_field_errors` for the whole body.',
    minProperties: 1,
    additionalProperties: { anyOf: [{ type: 'array', items: { type: 'string' } }, schemaRef('ValidationErrors')] },
  },
  BadRequest: { anyOf: [schemaRef('ValidationErrors'), schemaRef('Detail')] },
  PreconditionFailed: {
    type: 'object',
    properties: { detail: { type: 'string' }, code: { type: 'string', enum: ['precondition_failed'] } },
    required: ['detail', 'code'],
    additionalProperties: false,
  },
  IdempotencyMismatch: {
    type: 'object',
    properties: { detail: { type: 'string' }, code: { type: 'string', enum: ['idempotency_mismatch'] } },
    required: ['detail', 'code'],
    additionalProperties: false,
  },
  Unavailable: {
    type: 'object',
    properties: { detail: { type: 'string' }, code: { type: 'string', enum: ['mail_delivery_failed'] } },
    required: ['detail'],
    additionalProperties: false,
  },
};

function errorResponse(description: string, schema: string, headers: string[] = [], optionalHeaders: string[] = []): JsonSchema {
  return {
    description,
    headers: Object.fromEntries([
      ...['X-Request-Id', ...headers].map((name) => [name, header(name)]),
      ...optionalHeaders.map((name) => [name, header(name, false)]),
    ]),
    content: { 'application/json': { schema: schemaRef(schema) } },
  };
}

/** The response of each error status, by the name operations refer to it. */
const ERRORS = {
  400: ['BadRequest', errorResponse('Invalid input: messages per field, or `detail` for a body that is not JSON.', 'BadRequest')],
  401: ['Unauthorized', errorResponse('No or bad credentials.', 'Detail', ['WWW-Authenticate'])],
  403: ['Forbidden', errorResponse(
      'Not allowed (a member calling an owner-only operation, an API key without the scope the operation names), or a CSRF failure ' +
        '(a missing token, or a browser request from another site).',
      'Detail',
    )],
  404: ['NotFound', errorResponse('Unknown, or of an organisation the caller is not a member of.', 'Detail')],
  405: ['MethodNotAllowed', errorResponse('The path does not take this method (other methods of the path).', 'Detail', ['Allow'])],
  409: ['Conflict', errorResponse('State conflict: `invalid_transition`, `locked`, `in_use` or `conflict`; on a create, `idempotency_in_progress`.', 'Conflict')],
  413: ['PayloadTooLarge', errorResponse('Body over 1 MiB (JSON, form), or a file over 10 MiB (5 MiB for pictures).', 'Detail')],
  304: ['NotModified', { description: 'The record is as the `If-None-Match` ETag names it: no body.', headers: { 'X-Request-Id': header('X-Request-Id'), ETag: header('ETag') } }],
  412: ['PreconditionFailed', errorResponse('The `If-Match` ETag is not the record\'s current one: nothing changed.', 'PreconditionFailed')],
  422: ['IdempotencyMismatch', errorResponse('The `Idempotency-Key` was used before with another request body.', 'IdempotencyMismatch')],
  415: ['UnsupportedMediaType', errorResponse('A content type the operation does not take.', 'Detail')],
  429: ['Throttled', errorResponse(
      'Too many attempts: failed logins (Basic credentials or API keys on any operation, the login, a password change), an API key\'s ' +
        'requests beyond its limit a minute (with `RateLimit-*`, which its other answers carry too once half the minute\'s ' +
        'requests are used), new accounts from one ' +
        'client address (sign-up, accepting an invitation without credentials), or invitation e-mails of one organisation.',
      'Detail',
      ['Retry-After'],
      ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'],
    )],
  503: ['ServiceUnavailable', errorResponse(
      'A system the operation needs did not answer: the database, or the file storage of receipts and pictures (with ' +
        '`Retry-After`: try again; a create under an `Idempotency-Key` is safe to repeat).',
      'Unavailable',
      [],
      ['Retry-After'],
    )],
} as const satisfies Record<number, readonly [string, JsonSchema]>;

const ERROR_RESPONSES: Record<string, JsonSchema> = Object.fromEntries(Object.values(ERRORS));

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The errors an operation's shape implies (see `ErrorStatus`), and those it declares. */
function errorStatuses(entry: DocumentedOperation): number[] {
  const statuses = new Set<number>([405, ...(entry.errors ?? [])]);
  if (entry.credentials !== 'none') statuses.add(401).add(429);
  // What takes credentials or a body reads the database, which may be away (503 with `Retry-After`), as may the
  // file storage of the operations that upload or download a file.
  if (entry.credentials !== 'none' || entry.body) statuses.add(503);
  // A browser's cross-site request that changes state is refused whatever the credentials.
  if (UNSAFE.has(entry.method) || entry.csrfOnEveryMethod) statuses.add(403);
  // An API key without the scope the operation needs.
  if (entry.credentials !== 'none' && scopeOf(entry) !== 'any') statuses.add(403);
  if (entry.body) statuses.add(400).add(413).add(415);
  if (entry.list) statuses.add(400);
  if (entry.path.includes('/:')) statuses.add(404);
  if (isCreate(entry)) statuses.add(409).add(422);
  if (entry.precondition) statuses.add(412);
  if (notModifiable(entry)) statuses.add(304);
  return [...statuses].sort();
}

function successResponse(answer: DocumentedOperation['answers'][number]): JsonSchema {
  const headers = { 'X-Request-Id': header('X-Request-Id') } as Record<string, JsonSchema>;
  for (const [name, required] of Object.entries(answer.headers ?? {})) headers[name] = header(name, required);
  const content: Record<string, JsonSchema> = {
    ...(answer.json && { 'application/json': { schema: answer.json.json } }),
    ...Object.fromEntries((answer.media?.types ?? []).map((type) => [type, { schema: mediaSchema(type, answer.media?.description) }])),
  };
  return { description: answer.description, headers, ...(Object.keys(content).length > 0 && { content }) };
}

/**
 * A text answer (a CSV, a page, a style sheet) is a string; any other (an image, a PDF) is bytes, `format: binary`
 * as the file parts of a request are, so that a generated client reads it as a file rather than as text.
 */
function mediaSchema(type: string, description: string | undefined): JsonSchema {
  return { type: 'string', ...(!type.startsWith('text/') && { format: 'binary' }), description };
}

const IDEMPOTENCY_KEY: JsonSchema = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes the create safe to retry: the first request with a key runs; a retry with the same key and body gets its stored answer ' +
    '(with `Idempotent-Replayed: true`) and creates nothing; another body with the key is a 422. Keys are per caller and path, kept 24 hours.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
};

/** A GET of one record that changes nothing: `If-None-Match` may make it a 304. */
function notModifiable(entry: DocumentedOperation): boolean {
  return entry.method === 'GET' && answersOneRecord(entry) && !entry.csrfOnEveryMethod;
}

const IF_NONE_MATCH: JsonSchema = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'ETags (or `*`) the client holds: when one is the current one, 304 without a body.',
  schema: { type: 'string' },
};

const IF_MATCH: JsonSchema = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description: "The ETag (or `*`) of the version the change is based on, as the record's detail GET gave it: when it is not the current one, 412 and nothing changes.",
  schema: { type: 'string' },
};

const CSRF_TOKEN: JsonSchema = {
  name: 'X-CSRFToken',
  in: 'header',
  required: false,
  description:
    'With a cookie session (`sessionid`), the value of the `csrftoken` cookie: without it, or with another value, 403 and nothing changes. ' +
    'Basic credentials need none.',
  schema: { type: 'string', minLength: 1 },
};

/** Operations a cookie session reaches that check the CSRF token: unsafe methods, and the expense action on every method. */
function checksCsrfToken(entry: DocumentedOperation): boolean {
  return entry.credentials !== 'none' && (UNSAFE.has(entry.method) || entry.csrfOnEveryMethod === true);
}

// The optional one (accepting an invitation) takes no API key: a key acts in its own organisation alone.
const SECURITY = { none: [], optional: [{}, { basicAuth: [] }, { cookieAuth: [] }], required: undefined };
/** What an operation no API key may call takes. */
const WITHOUT_KEYS = [{ basicAuth: [] }, { cookieAuth: [] }];

function operation(entry: DocumentedOperation): JsonSchema {
  const parameters: JsonSchema[] = [...entry.path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  // Lists and reports read their query strings as django-filter does: an empty value is as if left out.
  if (entry.list) parameters.push(...queryParameters(listInputs(entry.list), { emptyIsAbsent: true }));
  if (entry.filters) parameters.push(...queryParameters(inputsOf(entry.filters), { emptyIsAbsent: true }));
  // With a body too, a field may come in either: none of the query's is required on its own.
  if (entry.query) parameters.push(...queryParameters(inputsOf(entry.query)).map((p) => (entry.body ? { ...p, required: false } : p)));
  if (entry.table) parameters.push(...queryParameters([FORMAT_INPUT], { emptyIsAbsent: true }));
  if (isCreate(entry)) parameters.push(IDEMPOTENCY_KEY);
  if (notModifiable(entry)) parameters.push(IF_NONE_MATCH);
  if (entry.precondition) parameters.push(IF_MATCH);
  if (checksCsrfToken(entry)) parameters.push(CSRF_TOKEN);
  const scope = entry.credentials === 'none' ? undefined : scopeOf(entry);
  const security = scope === 'never' && entry.credentials !== 'optional' ? WITHOUT_KEYS : SECURITY[entry.credentials ?? 'required'];
  const responses: Record<string, JsonSchema> = {};
  for (const answer of entry.answers) {
    const headers: DocumentedOperation['answers'][number]['headers'] = { ...answer.headers };
    if (isCreate(entry)) headers['Idempotent-Replayed'] = false;
    if (answersOneRecord(entry) && answer.json && answer.status < 300) headers.ETag = true;
    responses[String(answer.status)] = successResponse({ ...answer, headers });
  }
  for (const status of errorStatuses(entry)) {
    responses[String(status)] = { $ref: `#/components/responses/${ERRORS[status as keyof typeof ERRORS][0]}` };
  }
  return {
    tags: [tagOf(entry)],
    summary: entry.summary,
    description: scope === undefined ? entry.description : `${entry.description} With an API key: ${describeScope(scope)}.`,
    ...(scope !== undefined && { 'x-scope': typeof scope === 'string' ? scope : scopeName(scope) }),
    operationId: `${entry.method.toLowerCase()}${entry.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    ...(parameters.length > 0 && { parameters }),
    ...(security && { security }),
    ...(entry.body && { requestBody: requestBody(entry) }),
    responses,
  };
}

/**
 * A body's schema as a form or multipart body writes it: the fields of a
 * nested object under dotted names (`address.city`), as DRF's parsers read
 * them, each on its own.
 */
export function formSchema(schema: JsonSchema): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const flatten = (name: string, property: JsonSchema) => {
    const nested = property.properties as Record<string, JsonSchema> | undefined;
    if ([property.type].flat().includes('object') && nested) {
      for (const [field, fieldSchema] of Object.entries(nested)) flatten(`${name}.${field}`, fieldSchema);
      return;
    }
    properties[name] = property;
  };
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) flatten(name, property);
  const required = ((schema.required ?? []) as string[]).filter((name) => name in properties);
  return { ...schema, properties, ...(required.length > 0 ? { required } : { required: undefined }) };
}

/** A file field's schema (`FileField`): a multipart file part. */
const isFile = (property: JsonSchema): boolean => property.format === 'binary';

/**
 * A body's schema as JSON carries it, which is without files: a nullable file field may only be null
 * there (which removes the file), another optional one is left out, and a body that requires a file
 * has no JSON form (null). The server parses JSON on every body, but answers such a body 400.
 */
function jsonSchema(schema: JsonSchema): JsonSchema | null {
  const required = (schema.required ?? []) as string[];
  const properties: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    if (!isFile(property)) properties[name] = property;
    else if ([property.type].flat().includes('null')) properties[name] = { type: 'null', description: NULL_FILE };
    else if (required.includes(name)) return null;
  }
  return { ...schema, properties };
}

const NULL_FILE = 'Only null in JSON, which removes the file: a file travels in a multipart body.';

const WRITE_ONCE =
  'Write-once: set on create. An update may send the record\'s own, which changes nothing; another is refused ("This field cannot be changed.").';

/** An update's body: its `unique_id`, which a create may set, described as write-once. */
function onUpdate(schema: JsonSchema): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  if (!properties.unique_id) return schema;
  const required = ((schema.required ?? []) as string[]).filter((name) => name !== 'unique_id');
  return {
    ...schema,
    properties: { ...properties, unique_id: { ...properties.unique_id, readOnly: true, description: WRITE_ONCE } },
    ...(schema.required !== undefined && { required }),
  };
}

function requestBody(entry: DocumentedOperation): JsonSchema {
  const body = entry.body!;
  // An optional body is taken as sent: what it must carry depends on the query or the caller.
  const given = inputSchema(body.input, entry.method !== 'PATCH' && body.optional === undefined);
  const schema = entry.method === 'PUT' || entry.method === 'PATCH' ? onUpdate(given) : given;
  const json = jsonSchema(schema);
  const content: Record<string, JsonSchema> = json ? { 'application/json': { schema: json } } : {};
  if (body.form) content['application/x-www-form-urlencoded'] = { schema: formSchema(schema) };
  // Only where the route reads it: a form-only route answers multipart 415.
  if (body.multipart) content['multipart/form-data'] = { schema: formSchema(schema) };
  return body.optional === undefined ? { required: true, content } : { required: false, description: body.optional, content };
}
