import Ajv2020, { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Checks a response against the OpenAPI 3.1 document of the API (JSON Schema
 * 2020-12): the operation is found by method and path template, the status must
 * be documented for it, the body must match the schema documented for that
 * status and content type, and documented required headers must be present.
 * A path the API does not serve must answer the documented 404; a method its
 * path does not take, the documented 405 (or the 401 of a path that checks
 * credentials first).
 */
export interface ObservedResponse {
  status: number;
  headers: Headers;
  text: string;
}

type Json = Record<string, any>;

interface PathTemplate {
  template: string;
  pattern: RegExp;
  parameters: number;
  literalLength: number;
}

const DOCUMENT_ID = 'https://api.invalid/openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export class ResponseNotDocumented extends Error {
  constructor(what: string, problems: string[]) {
    super(`Response not as the API description documents it: ${what}\n${problems.map((p) => `  - ${p}`).join('\n')}`);
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
        pattern: new RegExp(`^${template.replace(/\/$/, '').split(/\{[^}]+\}/).map(escapeRegExp).join('[^/]+')}/?$`),
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
   * its JSON body matches the documented request schema. A body the server
   * takes but the document refuses means the document lies to client
   * generators (or the server takes what it should not).
   */
  checkRequest(method: string, url: string, request: { contentType?: string; body?: string }, status: number): void {
    if (status < 200 || status > 299 || request.body === undefined || request.contentType !== 'application/json') return;
    const path = new URL(url, 'http://host').pathname;
    const template = this.templates.find((candidate) => candidate.pattern.test(path));
    const operationMethod = method.toLowerCase();
    const operation = template && ((this.document.paths[template.template] as Json)[operationMethod] as Json | undefined);
    if (!template || !operation) return;
    const what = `${method} ${path} accepted (${status}) a request`;
    if (!operation.requestBody?.content?.['application/json']) {
      throw new ResponseNotDocumented(what, ['it took a JSON body, but the operation documents none']);
    }
    let body: unknown;
    try {
      body = JSON.parse(request.body);
    } catch {
      return; // not JSON: the server refused it, or a test sent it on purpose
    }
    const validate = this.validator(`/paths/${escapePointer(template.template)}/${operationMethod}/requestBody/content/application~1json/schema`);
    if (!validate(body)) throw new ResponseNotDocumented(`${what} its request schema refuses`, [...describeErrors('request body', validate.errors)]);
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
