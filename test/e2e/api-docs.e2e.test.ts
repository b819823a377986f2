import { randomBytes } from 'node:crypto';
import { AuthGuard, HTTP_TOKENS, HttpController } from '../../adapters/http/shared/controller';
import { Routes } from '../../adapters/http/shared/routes';
import { loadConfig } from '../../config/config';
import { buildContainer } from '../../config/container';
import { testDatabases } from '../support/databases';
import { startTestApp, TestApp } from '../support/test-app';

/** Operations that take no body at all. */
const BODILESS_WRITES = [
  'POST /api/v1.0/auth/logout',
  'POST /api/v1.0/organisation/:org/invitations/:invitationUid/resend',
  'POST /api/v1.0/organisation/:org/leave',
  'POST /api/v1.0/organisation/:org/restore',
  'POST /api/v1.0/organisation/:org/webhooks/:id/ping',
];

describe('the API description', () => {
  it('documents the body of every operation that takes one', async () => {
    const container = await buildContainer({ config: loadConfig({ LOG_LEVEL: 'silent' }), storage: { kind: 'memory' }, encryptionKey: randomBytes(32) });
    const routes = new Routes(container.get(AuthGuard));
    for (const controller of container.getAll<HttpController>(HTTP_TOKENS.Controller)) controller.register(routes);
    const writes = routes.operations.filter((entry) => ['POST', 'PUT', 'PATCH'].includes(entry.method));
    const undocumented = writes.filter((entry) => !entry.body).map((entry) => `${entry.method} ${entry.path}`);
    expect(undocumented).toEqual(BODILESS_WRITES);
    expect(writes.filter((entry) => entry.body && BODILESS_WRITES.includes(`${entry.method} ${entry.path}`))).toEqual([]);
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
    const create = doc.paths['/api/v1.0/organisation/{org}/expenses/create/'].post;
    const schema = create.requestBody.content['multipart/form-data'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['title', 'expense_number', 'account_id', 'expense_date', 'amount']));
    expect(schema.properties.receipt).toMatchObject({ format: 'binary' });
    expect(schema.properties.amount.pattern).toBe('^-?\\d{1,13}(\\.\\d{1,2})?$');
    const vendor = doc.paths['/api/v1.0/organisation/{org}/vendors/create/'].post.requestBody.content['application/json'].schema;
    expect(vendor.properties.name).toMatchObject({ type: 'string', maxLength: 300 });
    expect(vendor.properties.vendor_status.enum).toContain('blacklisted');
    expect(doc.paths['/api/v1.0/organisation/{org}/vendors/{id}/update/'].patch.requestBody.content['application/json'].schema.required).toBeUndefined();
    expect(doc.paths['/api/v1.0/auth/signup/'].post.security).toEqual([]);
    expect(doc.paths['/api/v1.0/organisation/{org}/expenses/{id}/action/'].get).toBeDefined();
  });

  it('lists no 405-only route as an operation', async () => {
    const doc = (await app.client.get('/api/schema/')).body;
    expect(doc.paths['/api/v1.0/organisation/{org}/vendors/create/'].get).toBeUndefined();
    expect(doc.paths['/api/v1.0/organisation/{org}/contact-groups/create/'].put).toBeUndefined();
  });

  it('serves Swagger UI as a page whose scripts and styles are files of this server, under a strict CSP', async () => {
    const response = await app.client.get('/api/docs/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-');
    expect(response.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const assets = [...response.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]).filter((url) => url !== '/api/schema/');
    expect(assets).toEqual(expect.arrayContaining([expect.stringMatching(/^\/api\/docs\/assets\/swagger-ui-bundle\.js\?v=\w+$/)]));
    expect(assets.every((url) => url.startsWith('/api/docs/assets/'))).toBe(true);
    for (const url of assets) {
      const asset = await app.client.get(url);
      expect(asset.status).toBe(200);
      const type = { css: 'text/css', js: 'text/javascript', png: 'image/png' }[url.replace(/\?.*$/, '').split('.').pop()!];
      expect(asset.headers.get('content-type')).toContain(type);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('starts Swagger UI on /api/schema/ with no external validator and the CSRF header from the cookie', async () => {
    const script = await app.client.get('/api/docs/assets/initializer.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain('url: "/api/schema/"');
    expect(script.text).toContain('validatorUrl: null');
    expect(script.text).toContain("request.headers['X-CSRFToken'] = token");
  });

  it('revalidates an asset asked without its version, and answers 304 when it has not changed', async () => {
    const first = await app.client.get('/api/docs/assets/swagger-ui.css');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    // fetch() adds `Cache-Control: no-cache` to a conditional request unless told otherwise; a browser revalidates like this.
    const again = await app.client.get('/api/docs/assets/swagger-ui.css', { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it.each([
    'package.json',
    'index.html',
    'swagger-ui.js.map',
    'swagger-initializer.js',
    '..%2Fpackage.json',
    '..%2F..%2F..%2Fpackage.json',
    '%2Fetc%2Fpasswd',
    'constructor',
    'sub/swagger-ui.css',
  ])('serves nothing outside its list of assets: %s is 404', async (name) => {
    const response = await app.client.get(`/api/docs/assets/${name}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Not found.' });
  });
});
