import http from 'node:http';
import { signUp, TestUser } from '../support/accounts';
import { TestDatabase, testDatabases } from '../support/databases';
import { startTestApp, TestApp } from '../support/test-app';

describe.each(testDatabases())('wire conventions on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let user: TestUser;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    user = await signUp(app.client);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('serves every path with and without the trailing slash, without redirecting', async () => {
    const withSlash = await user.api.get('/api/v1.0/me/');
    const without = await user.api.get('/api/v1.0/me');
    expect(withSlash.status).toBe(200);
    expect(without.status).toBe(200);
    expect(without.body).toEqual(withSlash.body);
  });

  it.each(['vendors', 'expenses', 'leads', 'clients', 'accounts', 'contact-groups', 'sales-stages'])(
    'answers a %s page far past the end as an empty page, however large its number',
    async (resource) => {
      const list = `/api/v1.0/organisation/${user.organisationUniqueId}/${resource}/`;
      const total = (await user.api.get(list)).headers.get('x-total-count');
      for (const page of ['1000000', '99999999999999999999', '1'.padEnd(400, '0')]) {
        const response = await user.api.get(`${list}?page=${page}&page_size=1000`);
        expect(response.status).toBe(200);
        expect(response.body).toEqual([]);
        expect(response.headers.get('x-total-count')).toBe(total);
      }
    },
  );

  it.each([
    ['login', '/api/v1.0/auth/login/'],
    ['sign-up', '/api/v1.0/auth/signup/'],
    ['invitation accept', '/api/v1.0/invitations/some-token/accept/'],
  ])('reads no more than 16 KiB of an anonymous %s body, declared or chunked', async (_what, path) => {
    const junk = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(17 * 1024) });
    const declared = await app.client.post(path, undefined, { raw: junk, contentType: 'application/json' });
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ detail: 'Request body is larger than the limit of 16 KiB.' });
    const form = await app.client.post(path, undefined, { raw: `email=a%40example.com&password=${'x'.repeat(17 * 1024)}`, contentType: 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(413);
    expect(await chunkedPost(app.client.baseUrl + path, junk)).toBe(413);
    // Within the limit, the body is read and judged as ever.
    const small = await app.client.post(path, { email: 'nobody@example.com', password: 'x'.repeat(8 * 1024) });
    expect(small.status).not.toBe(413);
  });

  it('marks every answer, errors included, as data no page may load or frame, and sends HSTS only over HTTPS', async () => {
    for (const response of [await user.api.get('/api/v1.0/me/'), await user.api.get('/api/v1.0/nowhere/'), await app.client.get('/api/v1.0/me/')]) {
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
    const database = await factory.create();
    const secure = await startTestApp(database, { env: { COOKIE_SECURE: 'true' } });
    try {
      const response = await secure.client.get('/healthz');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
      await database.dispose();
    }
  });

  it("points links at PUBLIC_BASE_URL when it is set, whatever Host the client sends", async () => {
    const database = await factory.create();
    const configured = await startTestApp(database, { env: { PUBLIC_BASE_URL: 'https://api.example.com/' } });
    try {
      const owner = await signUp(configured.client);
      const list = `/api/v1.0/organisation/${owner.organisationUniqueId}/accounts/?page_size=5`;
      const answer = await getWithHost(configured.client.baseUrl + list, 'evil.example', `${owner.email}:${owner.password}`);
      expect(answer.status).toBe(200);
      expect(answer.link).toContain(`<https://api.example.com${list.replace('?page_size=5', '')}?page_size=5&page=1>; rel="first"`);
      expect(answer.link).not.toContain('evil.example');
    } finally {
      await configured.close();
      await database.dispose();
    }
    // Unset, links follow the request (the test client's own address).
    const response = await user.api.get(`/api/v1.0/organisation/${user.organisationUniqueId}/accounts/?page_size=5`);
    expect(response.headers.get('link')).toContain(app.client.baseUrl);
  });

  describe('a browser request from another site that would change state', () => {
    const evil = { Origin: 'https://evil.example' };

    it('is refused on login, sign-up and with Basic credentials, and changes nothing', async () => {
      const login = await app.client.post('/api/v1.0/auth/login/', { email: user.email, password: user.password }, { headers: evil });
      expect(login.status).toBe(403);
      expect(login.body).toEqual({ detail: 'CSRF Failed: Origin checking failed - https://evil.example does not match any trusted origins.' });
      expect(login.headers.get('set-cookie')).toBeNull();

      const signup = await app.client.post(
        '/api/v1.0/auth/signup/',
        { email: 'cross@example.com', password: 'correct horse battery', first_name: 'C', last_name: 'S', organisation_name: 'X' },
        { headers: evil },
      );
      expect(signup.status).toBe(403);

      const vendors = `/api/v1.0/organisation/${user.organisationUniqueId}/vendors/`;
      const before = (await user.api.get(vendors)).headers.get('x-total-count');
      expect((await user.api.post(`${vendors}create/`, { name: 'Planted' }, { headers: evil })).status).toBe(403);
      expect((await user.api.post(`${vendors}create/`, { name: 'Planted' }, { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
      expect((await user.api.patch('/api/v1.0/me/', { job_title: 'Owned' }, { headers: { Origin: 'null' } })).status).toBe(403);
      expect((await user.api.get(vendors)).headers.get('x-total-count')).toBe(before);
      expect((await user.api.get('/api/v1.0/me/')).body.job_title).not.toBe('Owned');
    });

    it('refuses a cross-site link to the expense action, which changes state on GET', async () => {
      const expenses = `/api/v1.0/organisation/${user.organisationUniqueId}/expenses`;
      const created = await user.api.post(`${expenses}/create/`, {
        title: 'Linked', expense_number: 'CROSS-1', account_id: 'acct-5000', expense_date: '2026-01-15', amount: '1.00',
      });
      const link = await user.api.get(`${expenses}/${created.body.unique_id}/action/?action=submit`, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
      expect(link.status).toBe(403);
      expect((await user.api.get(`${expenses}/${created.body.unique_id}/`)).body.status).toBe('draft');
    });

    it('passes from the service itself, a trusted origin, the same site, or an API client that says nothing', async () => {
      expect((await user.api.patch('/api/v1.0/me/', { job_title: 'A' }, { headers: { Origin: app.client.baseUrl } })).status).toBe(200);
      expect((await user.api.patch('/api/v1.0/me/', { job_title: 'B' }, { headers: { 'Sec-Fetch-Site': 'same-site' } })).status).toBe(200);
      expect((await user.api.patch('/api/v1.0/me/', { job_title: 'C' })).status).toBe(200);
      expect((await user.api.get('/api/v1.0/me/', { headers: evil })).status).toBe(200);

      const database = await factory.create();
      const trusting = await startTestApp(database, { env: { CSRF_TRUSTED_ORIGINS: 'https://app.example.com' } });
      try {
        const owner = await signUp(trusting.client);
        expect((await owner.api.patch('/api/v1.0/me/', { job_title: 'D' }, { headers: { Origin: 'https://app.example.com' } })).status).toBe(200);
        expect((await owner.api.patch('/api/v1.0/me/', { job_title: 'E' }, { headers: evil })).status).toBe(403);
      } finally {
        await trusting.close();
        await database.dispose();
      }
    });
  });

  it('sends JSON as UTF-8 with the length of its bytes, characters beyond ASCII included', async () => {
    const name = 'Café Zoë 北京 😀';
    const vendors = `/api/v1.0/organisation/${user.organisationUniqueId}/vendors/`;
    const created = await user.api.post(`${vendors}create/`, { name });
    expect(created.status).toBe(201);
    const detail = await user.api.get(`${vendors}${created.body.unique_id}/`);
    const list = await user.api.get(`${vendors}?search=${encodeURIComponent('Zoë')}`);
    for (const response of [created, detail, list]) {
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(response.text));
      expect(response.text).toContain(name);
    }
    expect(detail.body.name).toBe(name);
    expect(list.body.map((vendor: { name: string }) => vendor.name)).toEqual([name]);
  });

  it('answers a malformed JSON body with the DRF parse error', async () => {
    const response = await user.api.patch('/api/v1.0/me/', undefined, { raw: '{"job_title": ', contentType: 'application/json' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'JSON parse error - Expecting value: line 1 column 15 (char 14)' });
  });

  it('answers a JSON array where an object is expected', async () => {
    const response = await user.api.patch('/api/v1.0/me/', [1, 2]);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await user.api.patch('/api/v1.0/me/', undefined, { raw: 'job_title=x', contentType: 'text/plain' });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ detail: 'Unsupported media type "text/plain" in request.' });
  });

  it('refuses a JSON body over 1 MiB with 413 and keeps what is stored', async () => {
    const before = await user.api.get('/api/v1.0/me/');
    const response = await user.api.patch('/api/v1.0/me/', { job_title: 'x'.repeat(1024 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body.detail).toMatch(/larger than the limit of 1 MiB/);
    expect((await user.api.get('/api/v1.0/me/')).body).toEqual(before.body);
  });

  it('answers a wrong method with 405 and the DRF message', async () => {
    const response = await user.api.delete('/api/v1.0/me/notifications/');
    expect(response.status).toBe(405);
    expect(response.body).toEqual({ detail: 'Method "DELETE" not allowed.' });
    expect(response.headers.get('allow')).toContain('PATCH');
  });

  it('answers an unknown path with a JSON 404', async () => {
    const response = await user.api.get('/api/v1.0/nothing-here/');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Not found.' });
  });

  it('echoes a valid X-Request-Id and makes one otherwise', async () => {
    const echoed = await user.api.get('/api/v1.0/me/', { headers: { 'X-Request-Id': 'trace-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
    const made = await user.api.get('/api/v1.0/me/', { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports liveness and readiness without credentials', async () => {
    expect((await app.client.get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await app.client.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', version: '1.0.0', pending_migrations: 0 });
  });

  it('is not ready while the database lacks a migration this version needs, and says how many', async () => {
    const dataSource = app.application.dataSource;
    const [last] = (await dataSource.query('SELECT id, timestamp, name FROM migrations ORDER BY id DESC LIMIT 1')) as { id: number; timestamp: string; name: string }[];
    await dataSource.query(`DELETE FROM migrations WHERE name = '${last.name}'`);
    try {
      const ready = await app.client.get('/readyz');
      expect([ready.status, ready.body]).toEqual([503, { status: 'unavailable', version: '1.0.0', pending_migrations: 1 }]);
    } finally {
      await dataSource.query(`INSERT INTO migrations (id, timestamp, name) VALUES (${Number(last.id)}, ${Number(last.timestamp)}, '${last.name}')`);
    }
    expect((await app.client.get('/readyz')).status).toBe(200);
  });

  it('is not ready while it drains, though alive', async () => {
    const draining = await startTestApp(database, { isDraining: () => true });
    try {
      expect((await draining.client.get('/healthz')).status).toBe(200);
      const ready = await draining.client.get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', version: '1.0.0', pending_migrations: 0 });
    } finally {
      await draining.close();
    }
  });

  it.each([
    ['a nested object where a string belongs', { job_title: { a: 1 } }, { job_title: ['Not a valid string.'] }],
    ['a deeply nested document', JSON.parse('['.repeat(100) + ']'.repeat(100)), null],
    ['a huge number', { job_title: 1e400 }, { job_title: ['Ensure this field has no more than 300 characters.'] }],
  ])('never answers 500 to %s', async (_case, body, expected) => {
    const raw = typeof body === 'object' && !Array.isArray(body) && 'job_title' in body && body.job_title === Infinity ? `{"job_title": 1${'0'.repeat(400)}}` : JSON.stringify(body);
    const response = await user.api.patch('/api/v1.0/me/', undefined, { raw, contentType: 'application/json' });
    expect(response.status).toBe(400);
    if (expected) expect(response.body).toEqual(expected);
    expect(response.text).not.toMatch(/at .*\.ts:\d+|QueryFailedError|SELECT|INSERT/);
  });
});

/** POSTs `body` in chunks without a Content-Length, as a client streaming it would; the status. */
function chunkedPost(url: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    for (let at = 0; at < body.length; at += 1024) request.write(body.slice(at, at + 1024));
    request.end();
  });
}

/** A GET with a Host header of the caller's choosing (fetch would not send one): the status and the Link header. */
function getWithHost(url: string, host: string, credentials: string): Promise<{ status: number; link: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { headers: { Host: host, Authorization: `Basic ${Buffer.from(credentials).toString('base64')}` } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, link: String(response.headers.link ?? '') });
    });
    request.on('error', reject);
    request.end();
  });
}
