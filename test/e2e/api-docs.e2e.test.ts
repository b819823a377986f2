import Router from '@koa/router';
import { randomBytes } from 'node:crypto';
import { routesOf } from '../../adapters/http/openapi/openapi-document';
import { BODILESS_WRITES, REQUEST_BODIES } from '../../adapters/http/openapi/request-bodies';
import { HTTP_TOKENS, HttpController } from '../../adapters/http/shared/controller';
import { loadConfig } from '../../config/config';
import { buildContainer } from '../../config/container';
import { testDatabases } from '../support/databases';
import { startTestApp, TestApp } from '../support/test-app';

describe('the API description', () => {
  it('documents the body of every operation that takes one', async () => {
    const container = await buildContainer({ config: loadConfig({ LOG_LEVEL: 'silent' }), storage: { kind: 'memory' }, encryptionKey: randomBytes(32) });
    const router = new Router();
    for (const controller of container.getAll<HttpController>(HTTP_TOKENS.Controller)) controller.register(router);
    const writes = routesOf(router).filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
    const undocumented = writes
      .map((route) => `${route.method} ${route.path}`)
      .filter((key) => !BODILESS_WRITES.includes(key) && !REQUEST_BODIES.some((body) => `${body.method} ${body.path}` === key));
    expect(undocumented).toEqual([]);
    const stale = REQUEST_BODIES.filter((body) => !writes.some((route) => route.method === body.method && route.path === body.path));
    expect(stale).toEqual([]);
  });
});

describe.each(testDatabases().slice(0, 1))('GET /api/schema/ and /api/docs/ on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('serves an OpenAPI 3.1 document without credentials, generated from the real field rules', async () => {
    const response = await app.client.get('/api/schema/');
    expect(response.status).toBe(200);
    const doc = response.body;
    expect(doc.openapi).toBe('3.1.0');
    const create = doc.paths['/api/v1.0/organisation/{uid}/expenses/create/'].post;
    const schema = create.requestBody.content['multipart/form-data'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['title', 'expense_number', 'account_id', 'expense_date', 'amount']));
    expect(schema.properties.receipt).toMatchObject({ format: 'binary' });
    expect(schema.properties.amount.pattern).toBe('^-?\\d{1,13}(\\.\\d{1,2})?$');
    const vendor = doc.paths['/api/v1.0/organisation/{org}/vendors/create/'].post.requestBody.content['application/json'].schema;
    expect(vendor.properties.name).toMatchObject({ type: 'string', maxLength: 300 });
    expect(vendor.properties.vendor_status.enum).toContain('blacklisted');
    expect(doc.paths['/api/v1.0/organisation/{org}/vendors/{id}/update/'].patch.requestBody.content['application/json'].schema.required).toBeUndefined();
    expect(doc.paths['/api/v1.0/auth/signup/'].post.security).toEqual([]);
    expect(doc.paths['/api/v1.0/organisation/{uid}/expenses/{id}/action/'].get).toBeDefined();
  });

  it('lists no 405-only route as an operation', async () => {
    const doc = (await app.client.get('/api/schema/')).body;
    expect(doc.paths['/api/v1.0/organisation/{org}/vendors/create/'].get).toBeUndefined();
    expect(doc.paths['/api/v1.0/organisation/{uid}/contact-groups/create/'].put).toBeUndefined();
  });

  it('serves a documentation page that reads the schema', async () => {
    const response = await app.client.get('/api/docs/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.text).toContain("fetch('/api/schema/')");
  });
});
