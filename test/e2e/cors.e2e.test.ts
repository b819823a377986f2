import { signUp } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { startTestApp, TestApp } from '../support/test-app';

const FRONT_END = 'https://app.example.com';
const STRANGER = 'https://evil.example.net';

describe.each(testDatabases().slice(0, 1))('CORS for a front end on another origin ($name)', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { env: { CORS_ORIGINS: FRONT_END } });
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const preflight = (origin: string) =>
    fetch(`${app.client.baseUrl}/api/v1.0/me/`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'content-type, x-csrftoken' },
    });

  it('answers a preflight from a listed origin with its name, credentials and the methods and headers it may send', async () => {
    const response = await preflight(FRONT_END);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(FRONT_END);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(response.headers.get('access-control-allow-headers')).toContain('X-CSRFToken');
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('gives another origin no CORS header at all', async () => {
    const response = await preflight(STRANGER);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    const read = await fetch(`${app.client.baseUrl}/healthz`, { headers: { Origin: STRANGER } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets a listed origin read answers and their paging headers, and change state with its session and CSRF token', async () => {
    const user = await signUp(app.client);
    const list = await fetch(`${app.client.baseUrl}/api/v1.0/organisations/`, {
      headers: { Origin: FRONT_END, Cookie: `sessionid=${user.sessionId}` },
    });
    expect(list.status).toBe(200);
    expect(list.headers.get('access-control-allow-origin')).toBe(FRONT_END);
    expect(list.headers.get('access-control-expose-headers')).toContain('X-Total-Count');
    const patch = await fetch(`${app.client.baseUrl}/api/v1.0/me/`, {
      method: 'PATCH',
      headers: { Origin: FRONT_END, Cookie: `sessionid=${user.sessionId}; csrftoken=${user.csrfToken}`, 'X-CSRFToken': user.csrfToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ first_name: 'Cross' }),
    });
    expect(patch.status).toBe(200);
    const refused = await fetch(`${app.client.baseUrl}/api/v1.0/me/`, {
      method: 'PATCH',
      headers: { Origin: STRANGER, Cookie: `sessionid=${user.sessionId}; csrftoken=${user.csrfToken}`, 'X-CSRFToken': user.csrfToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ first_name: 'Evil' }),
    });
    expect(refused.status).toBe(403);
  });
});
