import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { AuthGuard, HTTP_TOKENS, HttpController } from '../../adapters/http/shared/controller';
import { Routes, routesOf } from '../../adapters/http/shared/routes';
import { loadConfig } from '../../config/config';
import { buildContainer } from '../../config/container';
import { RequestOptions } from '../support/api-client';
import { signUp } from '../support/accounts';
import { createExpense, expensePaths } from '../support/expenses';
import { testDatabases } from '../support/databases';
import { startTestApp, TestApp } from '../support/test-app';

/** Every operation of service-api.md (Part 4) and contract.md (sections 3 to 7), as they write them. */
const SPECIFIED_OPERATIONS = [
  // service-api.md
  'GET /api/v1.0/me/',
  'PUT /api/v1.0/me/',
  'PATCH /api/v1.0/me/',
  'GET /api/v1.0/organisations/',
  'GET /api/v1.0/organisation/{unique_id}/',
  'GET /api/v1.0/organisation/{org_id}/expenses/',
  'POST /api/v1.0/organisation/{org_id}/expenses/create/',
  'GET /api/v1.0/organisation/{org_id}/expenses/{expense_id}/',
  'PUT /api/v1.0/organisation/{org_id}/expenses/{expense_id}/update/',
  'PATCH /api/v1.0/organisation/{org_id}/expenses/{expense_id}/update/',
  'GET /api/v1.0/organisation/{org_id}/expenses/{expense_id}/action/',
  'POST /api/v1.0/organisation/{unique_id}/contact-groups/{group_unique_id}/contacts/create/',
  'GET /api/v1.0/organisation/{unique_id}/contact-groups/{group_unique_id}/contacts/',
  'GET /api/v1.0/organisation/{unique_id}/contact-groups/{group_unique_id}/contacts/{contact_unique_id}/',
  'PUT /api/v1.0/organisation/{unique_id}/contact-groups/{group_unique_id}/contacts/{contact_unique_id}/',
  'PATCH /api/v1.0/organisation/{unique_id}/contact-groups/{group_unique_id}/contacts/{contact_unique_id}/',
  'DELETE /api/v1.0/organisation/{unique_id}/contact-groups/{group_unique_id}/contacts/{contact_unique_id}/',
  'GET /api/v1.0/organisation/{org_uid}/leads/',
  'POST /api/v1.0/organisation/{org_uid}/leads/create/',
  'GET /api/v1.0/organisation/{org_uid}/leads/{unique_id}/',
  'PUT /api/v1.0/organisation/{org_uid}/leads/{unique_id}/update/',
  'PATCH /api/v1.0/organisation/{org_uid}/leads/{unique_id}/update/',
  'DELETE /api/v1.0/organisation/{org_uid}/leads/{unique_id}/delete/',
  'GET /api/v1.0/organisation/{org_uid}/vendors/',
  'POST /api/v1.0/organisation/{org_uid}/vendors/create/',
  'GET /api/v1.0/organisation/{org_uid}/vendors/{unique_id}/',
  'PUT /api/v1.0/organisation/{org_uid}/vendors/{unique_id}/update/',
  'PATCH /api/v1.0/organisation/{org_uid}/vendors/{unique_id}/update/',
  'DELETE /api/v1.0/organisation/{org_uid}/vendors/{unique_id}/delete/',
  // contract.md
  'POST /api/v1.0/auth/signup/',
  'POST /api/v1.0/auth/login/',
  'POST /api/v1.0/auth/logout/',
  'POST /api/v1.0/auth/password/',
  'POST /api/v1.0/organisations/create/',
  'PUT /api/v1.0/organisation/{uid}/update/',
  'PATCH /api/v1.0/organisation/{uid}/update/',
  'GET /api/v1.0/organisation/{uid}/members/',
  'DELETE /api/v1.0/organisation/{uid}/members/{person_uid}/',
  'POST /api/v1.0/organisation/{uid}/invitations/',
  'GET /api/v1.0/organisation/{uid}/invitations/',
  'POST /api/v1.0/invitations/{token}/accept/',
  'POST /api/v1.0/organisation/{org_id}/expenses/{expense_id}/action/',
  'DELETE /api/v1.0/organisation/{org_id}/expenses/{expense_id}/delete/',
  'GET /api/v1.0/organisation/{org_id}/expenses/{expense_id}/receipt/',
  ...['accounts', 'sales-stages', 'clients'].flatMap((resource) => [
    `GET /api/v1.0/organisation/{uid}/${resource}/`,
    `POST /api/v1.0/organisation/{uid}/${resource}/create/`,
    `GET /api/v1.0/organisation/{uid}/${resource}/{id}/`,
    `PUT /api/v1.0/organisation/{uid}/${resource}/{id}/update/`,
    `PATCH /api/v1.0/organisation/{uid}/${resource}/{id}/update/`,
    `DELETE /api/v1.0/organisation/{uid}/${resource}/{id}/delete/`,
  ]),
  'GET /api/v1.0/organisation/{uid}/contact-groups/',
  'POST /api/v1.0/organisation/{uid}/contact-groups/create/',
  'GET /api/v1.0/organisation/{uid}/contact-groups/{group_unique_id}/',
  'PUT /api/v1.0/organisation/{uid}/contact-groups/{group_unique_id}/',
  'PATCH /api/v1.0/organisation/{uid}/contact-groups/{group_unique_id}/',
  'DELETE /api/v1.0/organisation/{uid}/contact-groups/{group_unique_id}/',
  // contract section 10
  'GET /api/v1.0/organisation/{uid}/reports/expenses/',
  'GET /api/v1.0/organisation/{uid}/reports/pipeline/',
  'GET /api/v1.0/organisation/{uid}/reports/vendors/follow-ups/',
  'GET /healthz',
  'GET /readyz',
  'GET /api/schema/',
  'GET /api/docs/',
];

/** Path parameters named as the spec names them or as the code does: `{}` either way. */
const unnamed = (operation: string) => operation.replace(/\{\w+\}/g, '{}');

/** The official OpenAPI schemas, through the validator's ESM entry point in a child process. */
function validateOpenApi(document: unknown): { valid: boolean; errors?: unknown } {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    process.stdout.write(JSON.stringify(await new Validator().validate(JSON.parse(text))));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.resolve(__dirname, '../..'),
    input: JSON.stringify(document),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

describe('the operations the controllers declare', () => {
  it('are every route the router serves (none registered behind the description), each declared once', async () => {
    const container = await buildContainer({ config: loadConfig({ LOG_LEVEL: 'silent' }), storage: { kind: 'memory' }, encryptionKey: randomBytes(32) });
    const routes = new Routes(container.get(AuthGuard));
    for (const controller of container.getAll<HttpController>(HTTP_TOKENS.Controller)) controller.register(routes);
    const served = routesOf(routes).map((route) => `${route.method} ${route.path}`);
    const declared = routes.operations.map((entry) => `${entry.method} ${entry.path}`);
    expect(served.filter((route) => !declared.includes(route))).toEqual([]);
    expect(declared.filter((entry) => !served.includes(entry))).toEqual([]);
    expect(new Set(declared).size).toBe(declared.length);
  });
});

describe.each(testDatabases().slice(0, 1))('the OpenAPI document served on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let doc: any;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    doc = (await app.client.get('/api/schema/')).body;
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('validates as OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(validateOpenApi(doc)).toEqual({ valid: true });
  });

  it('notices an invalid document (the check itself can fail)', () => {
    const broken = { ...doc, paths: { '/x': { get: { responses: { '200': { content: 'not an object' } } } } } };
    expect(validateOpenApi(broken).valid).toBe(false);
  });

  it('documents form and multipart bodies with dotted names for nested fields, as they are sent', () => {
    const nestedLeft: string[] = [];
    for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
          const properties = operation.requestBody?.content?.[type]?.schema?.properties ?? {};
          for (const [name, property] of Object.entries(properties as Record<string, any>)) {
            if ([property.type].flat().includes('object') && property.properties) nestedLeft.push(`${method} ${template} ${type} ${name}`);
          }
        }
      }
    }
    expect(nestedLeft).toEqual([]);
    const profileForm = doc.paths['/api/v1.0/me/'].patch.requestBody.content['application/x-www-form-urlencoded'].schema.properties;
    const json = doc.paths['/api/v1.0/me/'].patch.requestBody.content['application/json'].schema.properties;
    const nested = Object.keys(json).filter((name) => json[name].properties);
    expect(nested.length).toBeGreaterThan(0);
    for (const name of nested) {
      expect(profileForm).not.toHaveProperty(name);
      for (const field of Object.keys(json[name].properties)) expect(profileForm).toHaveProperty([`${name}.${field}`]);
    }
  });

  it('gives every JSON request body and success answer an example that its own schema accepts', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addFormat('idn-email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/u);
    ajv.addSchema(doc, 'doc');
    const missing: string[] = [];
    const invalid: string[] = [];
    for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const media: [string, string, any][] = [];
        const body = operation.requestBody?.content?.['application/json'];
        if (body) media.push(['request', `/paths/${pointer(template)}/${method}/requestBody/content/application~1json`, body]);
        for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
          const json = response.content?.['application/json'];
          if (status.startsWith('2') && json) media.push([status, `/paths/${pointer(template)}/${method}/responses/${status}/content/application~1json`, json]);
        }
        for (const [what, at, { example }] of media) {
          const label = `${method.toUpperCase()} ${template} ${what}`;
          if (example === undefined) missing.push(label);
          else if (!ajv.validate({ $ref: `doc#${at}/schema` }, example)) invalid.push(`${label}: ${ajv.errorsText()}`);
        }
      }
    }
    expect({ missing, invalid }).toEqual({ missing: [], invalid: [] });
  });

  it('lists every operation of the spec and the contract', () => {
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => unnamed(`${method.toUpperCase()} ${path}`)),
    );
    expect(SPECIFIED_OPERATIONS.map(unnamed).filter((operation) => !documented.includes(operation))).toEqual([]);
  });

  it('documents the query parameters each list reads: every choice is taken, a bad value is refused naming it, an empty one is as if left out', async () => {
    const owner = await signUp(app.client);
    const org = owner.organisationUniqueId;
    const group = await owner.api.post(`/api/v1.0/organisation/${org}/contact-groups/create/`, { name: 'Suppliers' });
    const ids: Record<string, string> = { uid: org, org, group: group.body.unique_id };
    const lists = Object.entries(doc.paths as Record<string, any>).filter(
      ([pathTemplate, operations]) =>
        pathTemplate.startsWith('/api/v1.0/') &&
        !pathTemplate.endsWith('/history/') &&
        !pathTemplate.endsWith('/deliveries/') &&
        !pathTemplate.endsWith('/errors/') &&
        (operations.get?.parameters?.some((p: any) => p.name === 'page') || pathTemplate.includes('/reports/')),
    );
    // The lists of the resources, members, invitations, organisations, webhooks, API keys and imports, and the activity
    // (histories, webhook deliveries and an import's errors have paging only); and the four reports (two of them not paged).
    expect(lists.length).toBe(20);
    for (const [pathTemplate, operations] of lists) {
      const url = pathTemplate.replace(/\{(\w+)\}/g, (_m: string, name: string) => ids[name]);
      const query = operations.get.parameters.filter((p: any) => p.in === 'query');
      for (const parameter of query) {
        const { schema } = parameter;
        // django-filter's reading: `status=` filters nothing (whatever the schema takes).
        expect([url, parameter.name, parameter.allowEmptyValue]).toEqual([url, parameter.name, true]);
        expect([url, parameter.name, (await owner.api.get(`${url}?${parameter.name}=`)).status]).toEqual([url, parameter.name, 200]);
        for (const value of schema.enum ?? []) {
          const response = await owner.api.get(`${url}?${parameter.name}=${encodeURIComponent(value)}`);
          expect([url, parameter.name, value, response.status]).toEqual([url, parameter.name, value, 200]);
        }
        const bad = schema.enum ? 'not-a-choice' : schema.format === 'date' ? '2026-02-30' : schema.type === 'integer' ? 'x' : null;
        if (bad === null) continue;
        const refused = await owner.api.get(`${url}?${parameter.name}=${bad}`);
        expect([url, parameter.name, refused.status, Object.keys(refused.body)]).toEqual([url, parameter.name, 400, [parameter.name]]);
      }
    }
  });

  it('documents the query of the expense action GET: `action` (required) and `reason`', () => {
    const parameters = doc.paths['/api/v1.0/organisation/{org}/expenses/{id}/action/'].get.parameters;
    const action = parameters.find((p: any) => p.name === 'action');
    expect(action).toMatchObject({ in: 'query', required: true, schema: { enum: ['submit', 'approve', 'reject', 'mark_paid', 'reimburse', 'reopen'] } });
    expect(parameters.find((p: any) => p.name === 'reason')).toMatchObject({ in: 'query', required: false });
    // Read as a form, not as filters: an empty value is a value (`action=` is refused).
    expect(parameters.filter((p: any) => p.allowEmptyValue)).toEqual([]);
  });

  it('describes unique_id as write-once on every update, and gives no request an example of what the server sets', () => {
    const updates: string[] = [];
    const withReadOnly: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const json = operation.requestBody?.content?.['application/json'];
        if (!json) continue;
        const properties = json.schema.properties ?? {};
        if ((method === 'put' || method === 'patch') && properties.unique_id) {
          updates.push(`${method} ${path}`);
          expect({ path, method, unique_id: properties.unique_id }).toMatchObject({ unique_id: { readOnly: true, description: expect.stringContaining('Write-once') } });
          expect(json.example ?? {}).not.toHaveProperty('unique_id');
        }
        const sent = Object.keys(json.example ?? {}).filter((name) => properties[name]?.readOnly === true);
        if (sent.length > 0) withReadOnly.push(`${method} ${path}: ${sent.join(', ')}`);
      }
    }
    expect(updates.length).toBeGreaterThanOrEqual(21);
    expect(withReadOnly).toEqual([]);
  });

  it('describes request bodies as the server validates them', () => {
    const json = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
    const expense = json('/api/v1.0/organisation/{org}/expenses/create/', 'post');
    // Required strings refuse blanks; optional nullable ones take them.
    expect(expense.properties.title).toMatchObject({ type: 'string', minLength: 1 });
    expect(expense.properties.expense_number).toMatchObject({ minLength: 1, maxLength: expect.any(Number) });
    expect(expense.properties.description.minLength).toBeUndefined();
    // A new expense is a draft or submitted; an update keeps whatever status the expense has.
    expect(expense.properties.status.enum).toEqual(['draft', 'submitted']);
    expect(json('/api/v1.0/organisation/{org}/expenses/{id}/update/', 'put').properties.status.enum).toHaveLength(6);
    // Decimals: their digit limits in the pattern, no sign where the bound refuses negatives, bounds kept.
    expect(expense.properties.amount.pattern).toBe('^-?\\d{1,13}(\\.\\d{1,2})?$');
    const vendor = json('/api/v1.0/organisation/{org}/vendors/create/', 'post');
    expect(vendor.properties.quality_rating).toMatchObject({ pattern: '^\\d{1,1}(\\.\\d{1,2})?$', 'x-minimum': '0', 'x-maximum': '5' });
    // The number form is bounded too: by the declared bounds, else by the digits.
    expect(vendor.properties.quality_rating).toMatchObject({ minimum: 0, maximum: 5 });
    expect(expense.properties.amount).toMatchObject({ minimum: -9999999999999.99, maximum: 9999999999999.99 });
    // A webhook's URL is checked by its entity (https, or http to this machine outside production), described as a URI.
    expect(json('/api/v1.0/organisation/{org}/webhooks/create/', 'post').properties.url).toMatchObject({ type: 'string', format: 'uri' });

    const me = json('/api/v1.0/me/', 'put');
    for (const name of ['is_owner', 'date_created', 'last_login', 'last_updated']) {
      expect({ name, readOnly: me.properties[name].readOnly }).toEqual({ name, readOnly: true });
    }
    expect(me.properties.job_title.readOnly).toBeUndefined();
    expect(json('/api/v1.0/auth/signup/', 'post').properties.password).toMatchObject({ writeOnly: true, minLength: 1, maxLength: 128 });
    expect(json('/api/v1.0/auth/login/', 'post').properties.password).toMatchObject({ writeOnly: true, minLength: 1 });
    expect(json('/api/v1.0/auth/password/', 'post').properties.new_password.writeOnly).toBe(true);
    expect(json('/api/v1.0/invitations/{token}/accept/', 'post').properties.password.writeOnly).toBe(true);
  });

  it('documents the action POST with the same query and a body that may be left out; accepting an invitation needs no body with credentials', async () => {
    const action = doc.paths['/api/v1.0/organisation/{org}/expenses/{id}/action/'].post;
    const names = action.parameters.filter((p: any) => p.in === 'query').map((p: any) => [p.name, p.required]);
    expect(names).toEqual([['action', false], ['reason', false]]);
    expect(action.requestBody.required).toBe(false);
    expect(action.requestBody.content['application/json'].schema.required).toBeUndefined();

    const accept = doc.paths['/api/v1.0/invitations/{token}/accept/'].post.requestBody;
    expect(accept.required).toBe(false);
    expect(accept.description).toContain('without credentials');

    // As documented: a POST with the action in the query alone.
    const owner = await signUp(app.client);
    const org = owner.organisationUniqueId;
    const expense = await createExpense(owner.api, org);
    const submitted = await owner.api.post(expensePaths(org).action(expense.unique_id, 'submit'));
    expect([submitted.status, submitted.body.status]).toEqual([200, 'submitted']);
  });

  it('takes every body content type it documents (none answered 415): multipart only where the route reads it', async () => {
    const owner = await signUp(app.client);
    const bodies: Record<string, RequestOptions> = {
      'application/json': { json: {} },
      // Empty bodies of each type: what a route makes of its fields is for other tests; here, that it reads the type.
      'application/x-www-form-urlencoded': { form: {} },
      'multipart/form-data': { multipart: new FormData() },
    };
    const refused: string[] = [];
    for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        // The owner's organisation; any other record unknown (a 404 after the body is read).
        const url = template.replace('{org}', owner.organisationUniqueId).replace(/\{\w+\}/g, 'unknown');
        for (const type of Object.keys(operation.requestBody?.content ?? {})) {
          const response = await owner.api.request(method.toUpperCase(), url, bodies[type]);
          if (response.status === 415) refused.push(`${method.toUpperCase()} ${template} ${type}`);
        }
      }
    }
    expect(refused).toEqual([]);
    expect(Object.keys(doc.paths['/api/v1.0/auth/login/'].post.requestBody.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
  });

  it('carries files in multipart bodies only, and describes file answers as bytes', () => {
    const fileInJson: string[] = [];
    const mediaMisread: string[] = [];
    for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const json = operation.requestBody?.content?.['application/json']?.schema;
        for (const [name, property] of Object.entries((json?.properties ?? {}) as Record<string, any>)) {
          if (property.format === 'binary') fileInJson.push(`${method.toUpperCase()} ${template} ${name}`);
        }
        for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
          for (const [type, media] of Object.entries((status.startsWith('2') && response.content) || {}) as [string, any][]) {
            const bytes = type !== 'application/json' && !type.startsWith('text/');
            if ((media.schema.format === 'binary') !== bytes) mediaMisread.push(`${method.toUpperCase()} ${template} ${status} ${type}`);
          }
        }
      }
    }
    expect({ fileInJson, mediaMisread }).toEqual({ fileInJson: [], mediaMisread: [] });
    // A picture is a file or nothing: no JSON form. A receipt may be removed in JSON by null.
    expect(Object.keys(doc.paths['/api/v1.0/me/picture/'].put.requestBody.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(doc.paths['/api/v1.0/organisation/{org}/logo/'].put.requestBody.content)).toEqual(['multipart/form-data']);
    const expense = doc.paths['/api/v1.0/organisation/{org}/expenses/{id}/update/'].patch.requestBody.content;
    expect(expense['application/json'].schema.properties.receipt.type).toBe('null');
    expect(expense['multipart/form-data'].schema.properties.receipt).toMatchObject({ type: ['string', 'null'], format: 'binary' });
    expect(doc.paths['/api/v1.0/organisation/{org}/expenses/{id}/receipt/'].get.responses['200'].content['application/pdf'].schema.format).toBe('binary');
  });

  it('describes its own answer as an OpenAPI document, not as an object without properties', () => {
    const schema = doc.paths['/api/schema/'].get.responses['200'].content['application/json'].schema;
    expect(schema).toMatchObject({ type: 'object', required: ['openapi', 'info', 'paths', 'components'], properties: { openapi: { const: '3.1.0' } } });
  });

  it('names the organisation parameter `{org}` in every path', () => {
    const inOrganisation = Object.keys(doc.paths).filter((path) => path.startsWith('/api/v1.0/organisation/'));
    expect(inOrganisation.length).toBeGreaterThan(50);
    expect(inOrganisation.filter((path) => !path.startsWith('/api/v1.0/organisation/{org}/'))).toEqual([]);
  });

  it('bounds page_size, and documents 429 on every throttled operation and 413 on every operation with a body', () => {
    const list = doc.paths['/api/v1.0/organisation/{org}/vendors/'].get.parameters;
    expect(list.find((p: any) => p.name === 'page_size').schema).toEqual({ type: 'integer', minimum: 1, maximum: 1000 });
    const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );
    // Every credentialed operation (failed Basic logins are throttled) and the anonymous ones that count attempts.
    const throttled = operations.filter(({ name, operation }) =>
      operation.security === undefined || operation.security.length > 1 || ['POST /api/v1.0/auth/signup/', 'POST /api/v1.0/auth/login/'].includes(name),
    );
    expect(throttled.length).toBeGreaterThan(70);
    expect(throttled.filter(({ operation }) => !operation.responses['429']).map(({ name }) => name)).toEqual([]);
    const withBody = operations.filter(({ operation }) => operation.requestBody);
    expect(withBody.filter(({ operation }) => !operation.responses['413']).map(({ name }) => name)).toEqual([]);
  });

  it('gives every operation a summary, a description and one tag of the areas, and the document a licence and a contact', () => {
    const areas = ['Auth', 'Profile', 'Organisations', 'Members', 'Expenses', 'Projects', 'Accounts', 'Sales stages', 'Clients', 'Leads', 'Vendors', 'Contacts', 'History', 'Webhooks', 'API keys', 'Reports', 'Imports', 'Operations'];
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toEqual(areas);
    const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );
    const incomplete = operations.filter(
      ({ operation }) =>
        !(operation.summary?.length > 3) || !(operation.description?.length > 10) || operation.tags.length !== 1 || !areas.includes(operation.tags[0]),
    );
    expect(incomplete.map(({ name }) => name)).toEqual([]);
    expect(new Set(operations.map(({ operation }) => operation.summary)).size).toBe(operations.length);
    const tagOf = (name: string) => operations.find((operation) => operation.name === name)?.operation.tags[0];
    expect(tagOf('GET /api/v1.0/organisation/{org}/vendors/{id}/history/')).toBe('History');
    expect(tagOf('GET /api/v1.0/organisation/{org}/contact-groups/{group}/contacts/')).toBe('Contacts');
    expect(tagOf('POST /api/v1.0/invitations/{token}/accept/')).toBe('Members');
    expect(tagOf('GET /api/v1.0/people/{personUid}/picture/')).toBe('Profile');
    expect(tagOf('PUT /api/v1.0/organisation/{org}/logo/')).toBe('Organisations');
    expect(tagOf('GET /readyz')).toBe('Operations');
    expect(doc.info.license).toEqual({ name: 'Proprietary', identifier: 'LicenseRef-Proprietary' });
    expect(doc.info.contact.name).toBeDefined();
  });

  it('declares X-CSRFToken on the operations a cookie session must send it to, and on no other', () => {
    const csrf = (path: string, method: string) =>
      (doc.paths[path][method].parameters ?? []).find((p: any) => p.name === 'X-CSRFToken' && p.in === 'header');
    expect(csrf('/api/v1.0/organisation/{org}/vendors/create/', 'post')).toMatchObject({ required: false, schema: { type: 'string' } });
    expect(csrf('/api/v1.0/organisation/{org}/vendors/{id}/update/', 'patch')).toBeDefined();
    expect(csrf('/api/v1.0/organisation/{org}/vendors/{id}/delete/', 'delete')).toBeDefined();
    expect(csrf('/api/v1.0/auth/logout/', 'post')).toBeDefined();
    expect(csrf('/api/v1.0/invitations/{token}/accept/', 'post')).toBeDefined();
    expect(csrf('/api/v1.0/organisation/{org}/expenses/{id}/action/', 'get')).toBeDefined();
    expect(csrf('/api/v1.0/organisation/{org}/expenses/{id}/action/', 'post')).toBeDefined();
    // Reads, and the operations that read no cookie session.
    expect(csrf('/api/v1.0/organisation/{org}/vendors/', 'get')).toBeUndefined();
    expect(csrf('/api/v1.0/me/', 'get')).toBeUndefined();
    expect(csrf('/api/v1.0/auth/login/', 'post')).toBeUndefined();
    expect(csrf('/api/v1.0/auth/signup/', 'post')).toBeUndefined();
  });

  it('declares the three security schemes, and no credentials on the public operations', () => {
    expect(doc.components.securitySchemes).toEqual({
      basicAuth: expect.objectContaining({ type: 'http', scheme: 'basic' }),
      cookieAuth: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'sessionid' }),
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(doc.security).toEqual([{ basicAuth: [] }, { cookieAuth: [] }, { bearerAuth: [] }]);
    for (const [path, method] of [
      ['/api/v1.0/auth/signup/', 'post'],
      ['/api/v1.0/auth/login/', 'post'],
      ['/healthz', 'get'],
      ['/readyz', 'get'],
      ['/api/schema/', 'get'],
      ['/api/docs/', 'get'],
    ]) {
      expect({ path, security: doc.paths[path][method].security }).toEqual({ path, security: [] });
    }
    expect(doc.paths['/api/v1.0/me/'].get.security).toBeUndefined();
    // What no API key may call takes the other two alone, and says so.
    expect(doc.paths['/api/v1.0/auth/password/'].post.security).toEqual([{ basicAuth: [] }, { cookieAuth: [] }]);
    expect(doc.paths['/api/v1.0/auth/password/'].post['x-scope']).toBe('never');
    expect(doc.paths['/api/v1.0/organisation/{org}/vendors/'].get['x-scope']).toBe('vendors:read');
    expect(doc.paths['/api/v1.0/organisation/{org}/vendors/create/'].post.description).toMatch(/With an API key: `vendors:write`\.$/);
    expect(doc.paths['/api/v1.0/invitations/{token}/accept/'].post.security).toEqual([{}, { basicAuth: [] }, { cookieAuth: [] }]);
  });

  it('describes each response: list items and details from the presenters, headers, and every error', () => {
    const vendors = doc.paths['/api/v1.0/organisation/{org}/vendors/'].get;
    expect(vendors.responses['200'].content['application/json'].schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Vendor' } });
    expect(Object.keys(vendors.responses['200'].headers)).toEqual(expect.arrayContaining(['X-Total-Count', 'Link']));
    expect(Object.keys(vendors.responses).sort()).toEqual(['200', '400', '401', '403', '404', '405', '429', '503']);

    const vendor = doc.components.schemas.Vendor;
    expect(vendor.additionalProperties).toBe(false);
    expect(vendor.required).toEqual(Object.keys(vendor.properties));
    expect(vendor.properties.annual_revenue).toEqual({ type: ['string', 'null'], pattern: '^\\d{1,13}\\.\\d{2}$' });
    expect(vendor.properties.vendor_status_display.enum).toContain('On Hold');
    expect(vendor.properties.created_by).toEqual({ anyOf: [{ $ref: '#/components/schemas/PersonRef' }, { type: 'null' }] });

    // A history entry's changes: each field's pair of values, before and after, described item by item.
    const history = doc.paths['/api/v1.0/organisation/{org}/vendors/{id}/history/'].get.responses['200'].content['application/json'].schema;
    const entry = history.items.$ref ? doc.components.schemas[history.items.$ref.split('/').pop()] : history.items;
    const pair = entry.properties.changes.additionalProperties;
    expect(pair).toMatchObject({ type: 'array', minItems: 2, maxItems: 2 });
    expect(pair.items.description).toEqual(expect.stringContaining('***'));

    const expenses = doc.paths['/api/v1.0/organisation/{org}/expenses/'].get.responses['200'].content['application/json'].schema;
    expect(expenses.items).toEqual({ $ref: '#/components/schemas/ExpenseListItem' });
    const create = doc.paths['/api/v1.0/organisation/{org}/expenses/create/'].post.responses;
    expect(create['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Expense' });
    expect(Object.keys(create).sort()).toEqual(['201', '400', '401', '403', '404', '405', '409', '413', '415', '422', '429', '503']);
    expect(create['201'].headers['Idempotent-Replayed']).toMatchObject({ required: false, schema: { const: 'true' } });
    const createParameters = doc.paths['/api/v1.0/organisation/{org}/expenses/create/'].post.parameters as { name: string; in: string }[];
    expect(createParameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }));
    expect(doc.paths['/api/v1.0/organisation/{org}/leads/{id}/delete/'].delete.responses['204'].content).toBeUndefined();

    const receipt = doc.paths['/api/v1.0/organisation/{org}/expenses/{id}/receipt/'].get.responses['200'];
    expect(Object.keys(receipt.content)).toEqual(['application/pdf', 'image/png', 'image/jpeg', 'image/webp']);
    expect(receipt.headers['Content-Disposition']).toBeDefined();
    expect(doc.paths['/api/v1.0/auth/login/'].post.responses['200'].headers['Set-Cookie']).toEqual({ $ref: '#/components/headers/Set-Cookie' });

    const { responses } = doc.components;
    expect(responses.Unauthorized.headers['WWW-Authenticate']).toBeDefined();
    expect(responses.MethodNotAllowed.headers.Allow).toBeDefined();
    expect(responses.Throttled.headers['Retry-After']).toBeDefined();
    expect(responses.Conflict.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Conflict' });
    expect(doc.components.schemas.BadRequest).toEqual({
      anyOf: [{ $ref: '#/components/schemas/ValidationErrors' }, { $ref: '#/components/schemas/Detail' }],
    });
  });
});

/** A path template as a JSON pointer segment. */
function pointer(template: string): string {
  return template.replace(/~/g, '~0').replace(/\//g, '~1');
}
