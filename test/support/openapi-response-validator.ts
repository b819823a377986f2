import Ajv2020, { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Checks a response against the OpenAPI 3.1 document of the API (JSON Schema
 * 2020-12): the operation is found by method and path template, the status must
 * be documented for it, the body must match the schema documented for that
 * status and content type, and documented required headers must be present.
 * A path the API does not serve must answer the documented 404; a method its
 * path does not take, the documented 405 (or the 401 of a path that checks
 * credentials first). A request the server accepted is checked too: its path
 * and query parameters and its JSON, form or multipart body.
 */
export interface ObservedResponse {
  status: number;
  headers: Headers;
  text: string;
}

export interface ObservedRequest {
  /** The `Content-Type` sent, if any. */
  contentType?: string;
  /** A JSON or form body as sent, or a multipart body's entries; a body of bytes is not read. */
  body?: string | FormData | Uint8Array;
  /** Query parameters sent on purpose that the server ignores and the description rightly leaves out. */
  ignoredQuery?: readonly string[];
}

type Json = Record<string, any>;

interface PathTemplate {
  template: string;
  /** Captures each parameter's value, in the order of `names`. */
  pattern: RegExp;
  names: string[];
  parameters: number;
  literalLength: number;
}

/** One value of a form: text, or a file of a multipart body. */
type FormValue = string | File;

interface DocumentedParameter {
  /** Where the parameter is, its `$ref` followed. */
  pointer: string;
  parameter: Json;
}

const DOCUMENT_ID = 'https://api.invalid/openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export class ResponseNotDocumented extends Error {
  constructor(what: string, problems: string[], subject: 'Response' | 'Request' = 'Response') {
    super(`${subject} not as the API description documents it: ${what}\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ResponseNotDocumented';
  }
}

export class OpenApiResponseValidator {
  private readonly ajv: Ajv2020;
  private readonly templates: PathTemplate[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: Json) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    // An address in any Unicode spelling (ajv-formats knows ASCII `email` only).
    this.ajv.addFormat('idn-email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/u);
    this.ajv.addSchema(document, DOCUMENT_ID);
    this.templates = Object.keys(document.paths ?? {})
      .map((template) => ({
        template,
        pattern: new RegExp(`^${template.replace(/\/$/, '').split(/\{[^}]+\}/).map(escapeRegExp).join('([^/]+)')}/?$`),
        names: [...template.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name),
        parameters: (template.match(/\{[^}]+\}/g) ?? []).length,
        literalLength: template.replace(/\{[^}]+\}/g, '').length,
      }))
      // The most literal template wins: `…/expenses/create/` before `…/expenses/{id}/`.
      .sort((a, b) => a.parameters - b.parameters || b.literalLength - a.literalLength);
  }

  /** Throws `ResponseNotDocumented` naming every difference. */
  check(method: string, url: string, response: ObservedResponse): void {
    const path = new URL(url, 'http://host').pathname;
    const what = `${method} ${path} answered ${response.status}`;
    const template = this.templates.find((candidate) => candidate.pattern.test(path));
    if (!template) {
      this.checkAnswer(what, '/components/responses/NotFound', response, method, [404]);
      return;
    }
    const item = this.document.paths[template.template] as Json;
    const operationMethod = method === 'HEAD' && !item.head ? 'get' : method.toLowerCase();
    const operation = item[operationMethod] as Json | undefined;
    if (!operation) {
      this.checkRefusedMethod(what, template.template, item, response, method);
      return;
    }
    const label = `${what} (operation ${operation.operationId ?? `${operationMethod} ${template.template}`})`;
    const key = [String(response.status), `${String(response.status)[0]}XX`, 'default'].find((k) => operation.responses?.[k]);
    if (!key) {
      throw new ResponseNotDocumented(label, [
        `status ${response.status} is not documented; documented: ${Object.keys(operation.responses ?? {}).join(', ')}`,
      ]);
    }
    const pointer = `/paths/${escapePointer(template.template)}/${operationMethod}/responses/${key}`;
    this.checkAnswer(label, pointer, response, method);
  }

  /**
   * A request the server accepted (2xx) must be one the description allows:
   * each path and query parameter documented and of its schema, the required
   * ones sent, and a body of a documented content type whose JSON, form or
   * multipart fields match the request schema. A request the server takes but
   * the document refuses means the document lies to client generators (or the
   * server takes what it should not).
   */
  checkRequest(method: string, url: string, request: ObservedRequest, status: number): void {
    if (status < 200 || status > 299) return;
    const { pathname: path, searchParams } = new URL(url, 'http://host');
    const template = this.templates.find((candidate) => candidate.pattern.test(path));
    const item = template && (this.document.paths[template.template] as Json);
    const operationMethod = method === 'HEAD' && !item?.head ? 'get' : method.toLowerCase();
    const operation = item?.[operationMethod] as Json | undefined;
    if (!template || !operation) return;
    const parameters = this.parametersOf(template.template, operationMethod);
    const problems = [
      ...this.pathProblems(template, path, parameters),
      ...this.queryProblems(searchParams, parameters, request.ignoredQuery ?? []),
      ...this.requestBodyProblems(`/paths/${escapePointer(template.template)}/${operationMethod}`, operation, request),
    ];
    if (problems.length > 0) {
      throw new ResponseNotDocumented(`${method} ${path} accepted (${status}) a request its description refuses (operation ${operation.operationId})`, problems, 'Request');
    }
  }

  /** An operation's parameters and its path's, each resolved, by `in` and name; the operation's own win. */
  private parametersOf(template: string, method: string): Map<string, DocumentedParameter> {
    const parameters = new Map<string, DocumentedParameter>();
    const item = `/paths/${escapePointer(template)}`;
    for (const owner of [item, `${item}/${method}`]) {
      const [ownerPointer, node] = this.resolve(owner);
      ((node.parameters ?? []) as unknown[]).forEach((_, index) => {
        const [pointer, parameter] = this.resolve(`${ownerPointer}/parameters/${index}`);
        parameters.set(`${parameter.in}:${parameter.name}`, { pointer, parameter });
      });
    }
    return parameters;
  }

  private *pathProblems(template: PathTemplate, path: string, parameters: Map<string, DocumentedParameter>): Iterable<string> {
    const values = template.pattern.exec(path)!.slice(1);
    for (const [index, name] of template.names.entries()) {
      const documented = parameters.get(`path:${name}`);
      if (!documented) yield `path parameter ${name} is not documented`;
      else yield* this.parameterProblems(`path parameter ${name}`, documented, [decodedSegment(values[index])]);
    }
  }

  private *queryProblems(query: URLSearchParams, parameters: Map<string, DocumentedParameter>, ignored: readonly string[]): Iterable<string> {
    const documented = [...parameters.values()].filter(({ parameter }) => parameter.in === 'query');
    for (const name of new Set(query.keys())) {
      if (ignored.includes(name)) continue;
      const parameter = parameters.get(`query:${name}`);
      if (!parameter) yield `query parameter ${name} is not documented; documented: ${documented.map((d) => d.parameter.name).join(', ') || 'none'}`;
      else yield* this.parameterProblems(`query parameter ${name}`, parameter, query.getAll(name));
    }
    for (const { parameter } of documented) {
      if (parameter.required && !query.has(parameter.name)) yield `query parameter ${parameter.name} is documented as required and missing`;
    }
  }

  /** The values of a parameter as its schema types them; `style` and `explode` as OpenAPI defines them (form in the query, simple in the path). */
  private *parameterProblems(label: string, { pointer, parameter }: DocumentedParameter, values: string[]): Iterable<string> {
    if (!parameter.schema) return; // described by `content`: not read here
    if (parameter.allowEmptyValue && values.every((value) => value === '')) return;
    const style = parameter.style ?? (parameter.in === 'query' ? 'form' : 'simple');
    if (style !== 'form' && style !== 'simple') {
      yield `${label}: style ${style} is not read by this check`;
      return;
    }
    const explode = parameter.explode ?? style === 'form';
    const typed = this.textValue(`${pointer}/schema`, explode ? values : values.flatMap((value) => value.split(',')));
    if ('problem' in typed) {
      yield `${label} ${typed.problem}`;
      return;
    }
    const validate = this.validator(`${pointer}/schema`);
    if (!validate(typed.value)) yield* describeErrors(label, validate.errors);
  }

  private *requestBodyProblems(pointer: string, operation: Json, request: ObservedRequest): Iterable<string> {
    const type = (request.contentType ?? '').split(';')[0].trim().toLowerCase();
    const body = request.body;
    // An empty form is a form of no fields (as `{}` is in JSON), not a missing body.
    const emptyForm = body === '' && type === 'application/x-www-form-urlencoded';
    if (body === undefined || (body === '' && !emptyForm) || (body instanceof Uint8Array && body.length === 0)) {
      if (operation.requestBody && this.resolve(`${pointer}/requestBody`)[1].required) yield 'no body was sent, but the operation documents a required one';
      return;
    }
    if (!operation.requestBody) {
      yield `it took a body (${type || 'without a content type'}), but the operation documents none`;
      return;
    }
    const [bodyPointer, requestBody] = this.resolve(`${pointer}/requestBody`);
    const content = (requestBody.content ?? {}) as Json;
    if (!(type in content)) {
      yield `content type "${type}" of the body is not documented; documented: ${Object.keys(content).join(', ')}`;
      return;
    }
    const schemaPointer = `${bodyPointer}/content/${escapePointer(type)}/schema`;
    if (body instanceof FormData) {
      if (type === 'multipart/form-data') yield* this.formProblems('multipart body', schemaPointer, [...body.entries()]);
      return;
    }
    const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
    if (type === 'application/json') yield* this.jsonBodyProblems(schemaPointer, text);
    else if (type === 'application/x-www-form-urlencoded') yield* this.formProblems('form', schemaPointer, [...new URLSearchParams(text)]);
  }

  private *jsonBodyProblems(schemaPointer: string, text: string): Iterable<string> {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return; // not JSON: the server refused it, or a test sent it on purpose
    }
    const validate = this.validator(schemaPointer);
    if (!validate(body)) yield* describeErrors('request body', validate.errors);
  }

  /**
   * A form or multipart body: each field a property of the (flat, dotted)
   * schema, a file where `format: binary` or `contentMediaType` says so and
   * text elsewhere, text typed as the server reads it, then the whole against
   * the schema (required fields, enums, bounds).
   */
  private *formProblems(where: string, schemaPointer: string, entries: [string, FormValue][]): Iterable<string> {
    const [objectPointer, schema] = this.resolve(schemaPointer);
    const properties = (schema.properties ?? {}) as Json;
    const fields: Record<string, unknown> = {};
    for (const [name, values] of groupedByName(entries)) {
      const label = `${where} field ${name}`;
      if (!(name in properties)) {
        yield `${label} is not documented; documented: ${Object.keys(properties).join(', ')}`;
        continue;
      }
      const propertyPointer = `${objectPointer}/properties/${escapePointer(name)}`;
      const mediaType = this.fileMediaType(propertyPointer);
      if (mediaType === undefined) {
        if (values.some((value) => typeof value !== 'string')) yield `${label} is a file, but the description documents text`;
        else {
          const typed = this.textValue(propertyPointer, values as string[]);
          if ('problem' in typed) yield `${label} ${typed.problem}`;
          else fields[name] = typed.value;
        }
        continue;
      }
      const [value] = values;
      if (values.length > 1) {
        yield `${label} was sent ${values.length} times; the description takes one file`;
      } else if (typeof value === 'string') {
        // A blank stands for null where the field takes it (DRF's forms).
        if (value === '' && this.typesAt(propertyPointer).includes('null')) fields[name] = null;
        else yield `${label} is text, but the description documents a file`;
      } else if (!mediaTypeMatches(value.type, mediaType)) {
        yield `${label} is a file of type "${value.type}", but the description documents ${mediaType}`;
      } else {
        fields[name] = value.name; // the schema sees a string where the file was
      }
    }
    const validate = this.validator(schemaPointer);
    if (!validate(fields)) yield* describeErrors(where, validate.errors);
  }

  /** Text values sent under one name as the schema types them: an array takes every value, anything else exactly one. */
  private textValue(schemaPointer: string, values: string[]): { value: unknown } | { problem: string } {
    if (this.typesAt(schemaPointer).includes('array')) {
      const [resolved] = this.resolve(schemaPointer);
      return { value: values.map((text) => this.typed(text, `${resolved}/items`)) };
    }
    if (values.length > 1) return { problem: `was sent ${values.length} times; the description takes one value` };
    return { value: this.typed(values[0], schemaPointer) };
  }

  /** Text as the schema types it: the first of its readings the schema takes, else the first reading (whose errors will be named). */
  private typed(text: string, schemaPointer: string): unknown {
    const readings = textReadings(text, this.typesAt(schemaPointer));
    const validate = this.validator(schemaPointer);
    const taken = readings.findIndex((reading) => validate(reading));
    return readings.length === 0 ? text : readings[Math.max(taken, 0)];
  }

  /** Every `type` a schema names, through `$ref`s and `anyOf` / `oneOf` / `allOf`. */
  private typesAt(pointer: string): string[] {
    const [at, schema] = this.resolve(pointer);
    const nested = ['anyOf', 'oneOf', 'allOf'].flatMap((keyword) =>
      ((schema[keyword] ?? []) as unknown[]).flatMap((_, index) => this.typesAt(`${at}/${keyword}/${index}`)),
    );
    return [...[schema.type ?? []].flat(), ...nested] as string[];
  }

  /** The media range of a file field (its `contentMediaType`; any type for `format: binary`), or undefined for a field of text. */
  private fileMediaType(pointer: string): string | undefined {
    const [at, schema] = this.resolve(pointer);
    if (typeof schema.contentMediaType === 'string') return schema.contentMediaType;
    if (schema.format === 'binary') return '*/*';
    for (const keyword of ['anyOf', 'oneOf']) {
      for (const index of ((schema[keyword] ?? []) as unknown[]).keys()) {
        const found = this.fileMediaType(`${at}/${keyword}/${index}`);
        if (found) return found;
      }
    }
    return undefined;
  }

  /** A method the path does not take: 405 with `Allow`, or what the path answers first (401, 429). */
  private checkRefusedMethod(what: string, template: string, item: Json, response: ObservedResponse, method: string): void {
    const operations = METHODS.filter((m) => item[m]).map((m) => ({ method: m, operation: item[m] as Json }));
    const allowed = [405, ...(response.status === 405 ? [] : [401, 429])];
    const documenting = operations.find(({ operation }) => allowed.includes(response.status) && operation.responses?.[String(response.status)]);
    if (!documenting) {
      throw new ResponseNotDocumented(`${what} (${template} takes ${operations.map((o) => o.method.toUpperCase()).join(', ')})`, [
        `a method the path does not take must answer ${allowed.join(' or ')} as its operations document it`,
      ]);
    }
    const pointer = `/paths/${escapePointer(template)}/${documenting.method}/responses/${response.status}`;
    this.checkAnswer(`${what} (${template})`, pointer, response, method);
  }

  private checkAnswer(what: string, pointer: string, response: ObservedResponse, method: string, expected?: number[]): void {
    if (expected && !expected.includes(response.status)) {
      throw new ResponseNotDocumented(what, [`a path the API does not serve must answer ${expected.join(' or ')}`]);
    }
    const [answerPointer, answer] = this.resolve(pointer);
    const problems = [...this.headerProblems(answerPointer, answer, response.headers)];
    if (method !== 'HEAD') problems.push(...this.bodyProblems(answerPointer, answer, response));
    if (problems.length > 0) throw new ResponseNotDocumented(what, problems);
  }

  private *headerProblems(pointer: string, answer: Json, headers: Headers): Iterable<string> {
    for (const name of Object.keys(answer.headers ?? {})) {
      const [headerPointer, header] = this.resolve(`${pointer}/headers/${escapePointer(name)}`);
      const value = headers.get(name);
      if (value === null) {
        if (header.required) yield `header ${name} is documented as required and missing`;
        continue;
      }
      const schema = header.schema as Json | undefined;
      if (!schema) continue;
      const typed = schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      const validate = this.validator(`${headerPointer}/schema`);
      if (!validate(typed)) yield* describeErrors(`header ${name}`, validate.errors);
    }
  }

  private *bodyProblems(pointer: string, answer: Json, response: ObservedResponse): Iterable<string> {
    const content = answer.content as Json | undefined;
    if (!content) {
      if (response.text !== '') yield `no body is documented, but one came: ${response.text.slice(0, 200)}`;
      return;
    }
    const type = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (!(type in content)) {
      yield `content type "${type}" is not documented; documented: ${Object.keys(content).join(', ')}`;
      return;
    }
    if (type !== 'application/json') return;
    let body: unknown;
    try {
      body = JSON.parse(response.text);
    } catch {
      yield `the body is not JSON: ${response.text.slice(0, 200)}`;
      return;
    }
    const validate = this.validator(`${pointer}/content/${escapePointer(type)}/schema`);
    if (!validate(body)) yield* describeErrors('body', validate.errors);
  }

  /** Follows `$ref`s to a node of the document, returning its pointer and the node. */
  private resolve(pointer: string): [string, Json] {
    let current = pointer;
    for (let hops = 0; hops < 10; hops += 1) {
      const node = current
        .split('/')
        .slice(1)
        .reduce<any>((at, segment) => at?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')], this.document);
      if (node === undefined) throw new Error(`The API description has nothing at ${current}`);
      if (typeof node.$ref !== 'string') return [current, node];
      current = node.$ref.replace(/^#/, '');
    }
    throw new Error(`Too many $ref hops from ${pointer}`);
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.getSchema(`${DOCUMENT_ID}#${pointer.split('/').map(encodeURIComponent).join('/')}`);
      if (!validate) throw new Error(`No schema at ${pointer} of the API description`);
      this.compiled.set(pointer, validate);
    }
    return validate;
  }
}

function* describeErrors(where: string, errors: ErrorObject[] | null | undefined): Iterable<string> {
  for (const error of (errors ?? []).slice(0, 12)) {
    const details = Object.entries(error.params)
      .map(([name, value]) => `${name}: ${JSON.stringify(value)}`)
      .join(', ');
    yield `${where}${error.instancePath || ''} ${error.message ?? error.keyword}${details ? ` (${details})` : ''}`;
  }
}

/** DRF's spellings of a boolean in a form (BooleanField's TRUE_VALUES and FALSE_VALUES). */
const BOOLEAN_SPELLINGS = new Map<string, boolean>([
  ...['t', 'T', 'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON', '1'].map((text) => [text, true] as const),
  ...['f', 'F', 'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF', '0'].map((text) => [text, false] as const),
]);

/**
 * The values a text of a query string or form stands for, by the types its
 * schema names: text where text is taken (a blank also null where null is);
 * otherwise a whole number, a number, a boolean, or null for a blank.
 */
function textReadings(text: string, types: string[]): unknown[] {
  const readings: unknown[] = [];
  if (types.length === 0 || types.includes('string')) readings.push(text);
  else {
    if (types.includes('integer') && /^[+-]?\d+$/.test(text)) readings.push(Number(text));
    if (types.includes('number') && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) readings.push(Number(text));
    if (types.includes('boolean') && BOOLEAN_SPELLINGS.has(text)) readings.push(BOOLEAN_SPELLINGS.get(text));
  }
  if (types.includes('null') && text === '') readings.push(null);
  return readings;
}

/** Whether a file's type (empty when unknown) fits a documented media range (`image/png`, `image/` + `*`, any, or a list of them). */
function mediaTypeMatches(type: string, documented: string): boolean {
  const actual = type.split(';')[0].trim().toLowerCase();
  return documented.split(',').some((range) => {
    const [wantedType, wantedSubtype] = range.split(';')[0].trim().toLowerCase().split('/');
    const [actualType, actualSubtype] = actual.split('/');
    return wantedType === '*' || (wantedType === actualType && (wantedSubtype === '*' || wantedSubtype === actualSubtype));
  });
}

/** A form's entries by name, in the order first sent. */
function groupedByName(entries: [string, FormValue][]): Map<string, FormValue[]> {
  const grouped = new Map<string, FormValue[]>();
  for (const [name, value] of entries) grouped.set(name, [...(grouped.get(name) ?? []), value]);
  return grouped;
}

/** A path segment as the server reads it (percent-decoded; left as sent when it is not valid UTF-8). */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const validators = new Map<string, Promise<OpenApiResponseValidator>>();

/** The validator of the app at `baseUrl`, built once from the document it serves at `/api/schema/`. */
export function validatorFor(baseUrl: string): Promise<OpenApiResponseValidator> {
  let validator = validators.get(baseUrl);
  if (!validator) {
    validator = fetch(`${baseUrl}/api/schema/`)
      .then(async (response) => {
        if (response.status !== 200) throw new Error(`GET ${baseUrl}/api/schema/ answered ${response.status}: ${await response.text()}`);
        return new OpenApiResponseValidator((await response.json()) as Json);
      })
      .catch((error: unknown) => {
        validators.delete(baseUrl);
        throw new Error(`Could not read the API description to check responses against: ${String(error)}`);
      });
    validators.set(baseUrl, validator);
  }
  return validator;
}
