import http from 'node:http';
import { AddressInfo } from 'node:net';
import { signUp } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { testDatabases } from '../support/databases';
import { OpenApiResponseValidator } from '../support/openapi-response-validator';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The check every ApiClient makes of every response (test/support/openapi-response-validator.ts),
 * shown on a stub server that serves the real document and, on real route paths,
 * answers that differ from it in one way each; and of every request the server
 * accepts, shown with requests the stub takes that the document refuses.
 */
interface StubAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

async function startStub(document: string, answers: Record<string, StubAnswer>) {
  const server = http.createServer((req, res) => {
    const path = new URL(req.url!, 'http://stub').pathname;
    const answer: StubAnswer | undefined = path === '/api/schema/' ? { status: 200, body: JSON.parse(document) } : answers[`${req.method} ${path}`];
    if (!answer) {
      res.writeHead(500).end();
      return;
    }
    const json = answer.body === undefined ? '' : JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      'X-Request-Id': 'stub',
      ...(json && { 'Content-Type': 'application/json; charset=utf-8' }),
      ...answer.headers,
    });
    res.end(json);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    client: new ApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases().slice(0, 1))('responses checked against the API description ($name)', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let stub: Awaited<ReturnType<typeof startStub>>;
  let profile: Record<string, any>;
  let organisations: Record<string, any>[];

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    const owner = await signUp(app.client);
    profile = (await owner.api.get('/api/v1.0/me/')).body;
    organisations = (await owner.api.get('/api/v1.0/organisations/')).body;
    const document = (await app.client.get('/api/schema/')).text;
    const withAddress = { ...profile, address: { address_line_1: null, city: 'Nairobi', province_state: null, postal_code: null, country_name: '' } };
    const link = (rel: string) => `<http://stub/api/v1.0/organisations/?page=1&page_size=100>; rel="${rel}"`;
    const page = { 'X-Total-Count': '1', Link: `${link('first')}, ${link('last')}` };
    stub = await startStub(document, {
      'GET /api/v1.0/me/': { status: 200, body: profile, headers: { ETag: `"${'e'.repeat(43)}"` } },
      'PUT /api/v1.0/me/picture/': { status: 200, body: profile, headers: { ETag: `"${'e'.repeat(43)}"` } },
      'POST /api/v1.0/auth/login/': { status: 200, body: profile, headers: { ETag: `"${'e'.repeat(43)}"`, 'Set-Cookie': 'sessionid=s; HttpOnly' } },
      'PUT /api/v1.0/me/': { status: 200, body: { ...profile, extra: true } },
      'PATCH /api/v1.0/me/': { status: 200, body: { ...withAddress, address: { ...withAddress.address, district: 'Central' } } },
      'POST /api/v1.0/auth/password/': { status: 200, body: profile },
      'GET /api/v1.0/organisations/': { status: 200, body: organisations, headers: page },
      'POST /api/v1.0/organisations/create/': { status: 201, body: { ...organisations[0], member_count: '1' } },
      'GET /api/v1.0/organisation/x/members/': { status: 200, body: [] },
      'GET /api/v1.0/nowhere/': { status: 200, body: {} },
      'DELETE /api/v1.0/me/': { status: 405, body: { detail: 'Method "DELETE" not allowed.' } },
      'GET /api/v1.0/organisation/x/': { status: 401, body: { detail: 'Authentication credentials were not provided.' } },
    });
  });

  afterAll(async () => {
    await stub?.close();
    await app.close();
    await dispose();
  });

  it('lets a response through that is as documented', async () => {
    expect((await stub.client.get('/api/v1.0/me/')).body).toEqual(profile);
    expect((await stub.client.get('/api/v1.0/organisations/')).status).toBe(200);
  });

  it('fails a call whose body has an undocumented field, naming it', async () => {
    await expect(stub.client.put('/api/v1.0/me/', {})).rejects.toThrow(/PUT \/api\/v1\.0\/me\/ answered 200[^]*additionalProperty: "extra"/);
    await expect(stub.client.patch('/api/v1.0/me/', {})).rejects.toThrow(/body\/address must NOT have additional properties \(additionalProperty: "district"\)/);
  });

  it('fails a call whose field has the wrong type', async () => {
    await expect(stub.client.post('/api/v1.0/organisations/create/', {})).rejects.toThrow(/body\/member_count must be integer/);
  });

  it('fails a call answered with a status its operation does not document', async () => {
    await expect(stub.client.post('/api/v1.0/auth/password/', {})).rejects.toThrow(/status 200 is not documented; documented: 204, 400, 401, 403, 405, 413, 415, 429/);
  });

  it('fails a call whose documented required header is missing', async () => {
    await expect(stub.client.get('/api/v1.0/organisation/x/members/')).rejects.toThrow(/header X-Total-Count is documented as required and missing/);
    await expect(stub.client.get('/api/v1.0/organisation/x/')).rejects.toThrow(/header WWW-Authenticate is documented as required and missing/);
  });

  it('wants the documented 404 from a path the API does not serve, and the 405 with Allow from a method a path does not take', async () => {
    await expect(stub.client.get('/api/v1.0/nowhere/')).rejects.toThrow(/GET \/api\/v1\.0\/nowhere\/ answered 200[^]*must answer 404/);
    await expect(stub.client.delete('/api/v1.0/me/')).rejects.toThrow(/header Allow is documented as required and missing/);
  });

  it('fails a request the server accepted whose query parameter the description does not name or refuses', async () => {
    await expect(stub.client.get('/api/v1.0/organisations/?colour=red')).rejects.toThrow(
      /Request not as the API description documents it: GET \/api\/v1\.0\/organisations\/ accepted \(200\)[^]*query parameter colour is not documented/,
    );
    await expect(stub.client.get('/api/v1.0/organisations/?page_size=1001')).rejects.toThrow(/query parameter page_size must be <= 1000/);
    // A test that sends a parameter the server ignores on purpose says so.
    expect((await stub.client.get('/api/v1.0/organisations/?colour=red', { ignoredQuery: ['colour'] })).status).toBe(200);
    expect((await stub.client.get('/api/v1.0/organisations/?page_size=1000&page=')).status).toBe(200);
  });

  it('fails a form or multipart body the server accepted that the description refuses, the multipart entries as sent', async () => {
    const text = new FormData();
    text.append('picture', 'not a file');
    await expect(stub.client.put('/api/v1.0/me/picture/', undefined, { multipart: text })).rejects.toThrow(
      /multipart body field picture is text, but the description documents a file/,
    );
    const image = new FormData();
    image.append('picture', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'me.png');
    expect((await stub.client.put('/api/v1.0/me/picture/', undefined, { multipart: image })).status).toBe(200);
    await expect(stub.client.post('/api/v1.0/auth/login/', undefined, { form: { email: 'someone@example.com' } })).rejects.toThrow(
      /form must have required property 'password'/,
    );
    expect((await stub.client.post('/api/v1.0/auth/login/', undefined, { form: { email: 'someone@example.com', password: 'x' } })).status).toBe(200);
  });

  it('is active for every client of the test app, however made', async () => {
    const check = jest.spyOn(OpenApiResponseValidator.prototype, 'check');
    try {
      const user = await signUp(app.client);
      await user.api.get('/api/v1.0/me/');
      await app.client.as({ kind: 'session', sessionId: user.sessionId, csrfToken: user.csrfToken }).get('/api/v1.0/organisations/');
      await new ApiClient(app.client.baseUrl).get('/api/v1.0/nowhere/');
      expect(check.mock.calls.map(([method, path, response]) => `${method} ${path} ${response.status}`)).toEqual([
        'POST /api/v1.0/auth/signup/ 201',
        'GET /api/v1.0/me/ 200',
        'GET /api/v1.0/organisations/ 200',
        'GET /api/v1.0/nowhere/ 404',
      ]);
    } finally {
      check.mockRestore();
    }
  });

});
