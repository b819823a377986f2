import Router from '@koa/router';
import { JsonSchema } from '../validation/fields';
import { InputClass, inputSchema } from '../validation/input';

/** A request body an operation takes: its DTO, and whether it also takes multipart (files). */
export interface DocumentedBody {
  method: string;
  path: string;
  input: InputClass<object>;
  multipart?: boolean;
  form?: boolean;
}

export interface RouteInfo {
  method: string;
  path: string;
}

const PUBLIC = new Set(['/healthz', '/readyz', '/api/schema', '/api/docs', '/api/v1.0/auth/signup', '/api/v1.0/auth/login']);
const OPTIONAL_CREDENTIALS = /\/invitations\/:token\/accept$/;

/** The operations the router serves: HEAD (which mirrors GET) and the 405-only routes left out. */
export function routesOf(router: Router): RouteInfo[] {
  const layers = router.stack as unknown as { path: string; methods: string[]; stack: { refusesMethod?: boolean }[] }[];
  return layers
    .filter((layer) => !layer.stack[layer.stack.length - 1]?.refusesMethod)
    .flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: layer.path })));
}

/**
 * The OpenAPI 3.1 description of the API, generated from what the code
 * declares: the router's routes and the `@Input` fields of each body DTO, so
 * that it cannot drift from what the server accepts.
 */
export function openApiDocument(routes: RouteInfo[], bodies: DocumentedBody[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = `${route.path.replace(/:(\w+)/g, '{$1}')}${route.path.startsWith('/api/v1.0') ? '/' : ''}`;
    const body = bodies.find((b) => b.method === route.method && b.path === route.path);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, body);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Business management API',
      version,
      description: 'Profile, organisations, expenses, contacts, leads and vendors. Errors have Django REST Framework shapes.',
    },
    servers: [{ url: '/' }],
    security: [{ basicAuth: [] }, { cookieAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: 'E-mail and password.' },
        cookieAuth: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sessionid',
          description: 'From POST /api/v1.0/auth/login/. Unsafe methods (and the expense action) need X-CSRFToken equal to the csrftoken cookie.',
        },
      },
      schemas: {
        Detail: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
        Conflict: {
          type: 'object',
          properties: { detail: { type: 'string' }, code: { enum: ['invalid_transition', 'locked', 'in_use', 'conflict'] } },
          required: ['detail', 'code'],
        },
        ValidationErrors: {
          type: 'object',
          description: 'Messages per field (`{"field": ["…"]}`), nested for nested objects; `non_field_errors` for the whole body.',
          additionalProperties: true,
        },
      },
    },
  };
}

function operation(route: RouteInfo, body: DocumentedBody | undefined): JsonSchema {
  const parameters = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (route.method === 'GET' && isList(route.path)) {
    parameters.push(
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } } as never,
      { name: 'page_size', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 1000 } } as never,
      { name: 'ordering', in: 'query', required: false, schema: { type: 'string' } } as never,
    );
  }
  const security = PUBLIC.has(route.path) ? [] : OPTIONAL_CREDENTIALS.test(route.path) ? [{}, { basicAuth: [] }, { cookieAuth: [] }] : undefined;
  return {
    tags: [tagOf(route.path)],
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    ...(parameters.length > 0 && { parameters }),
    ...(security && { security }),
    ...(body && { requestBody: requestBody(body) }),
    responses: responses(route),
  };
}

function requestBody(body: DocumentedBody): JsonSchema {
  const schema = inputSchema(body.input, body.method !== 'PATCH');
  const content: Record<string, JsonSchema> = { 'application/json': { schema } };
  if (body.form) content['application/x-www-form-urlencoded'] = { schema };
  if (body.multipart || body.form) content['multipart/form-data'] = { schema };
  return { required: true, content };
}

function responses(route: RouteInfo): JsonSchema {
  const error = (ref: string, description: string) => ({ description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } } });
  const success = route.path.endsWith('/create')
    ? { '201': { description: 'Created' } }
    : route.method === 'DELETE'
      ? { '2XX': { description: 'Deleted: 204 No Content (contacts answer 200 with the deleted contact)' } }
      : { '2XX': { description: 'OK' } };
  return {
    ...success,
    '400': error('ValidationErrors', 'Invalid input'),
    '401': error('Detail', 'No or bad credentials'),
    '403': error('Detail', 'Not allowed, or CSRF failure'),
    '404': error('Detail', 'Unknown, or of an organisation the caller is not a member of'),
    '409': error('Conflict', 'State conflict'),
  };
}

function isList(path: string): boolean {
  return /\/(organisations|accounts|expenses|sales-stages|clients|leads|vendors|contact-groups|contacts|members|invitations)$/.test(path);
}

function tagOf(path: string): string {
  const inOrganisation = /\/organisation\/:\w+\/([\w-]+)/.exec(path);
  if (inOrganisation) return inOrganisation[1];
  const segments = path.replace('/api/v1.0/', '').split('/');
  return segments[0] === '' ? 'operations' : segments[0].replace(/^organisation$/, 'organisations');
}
