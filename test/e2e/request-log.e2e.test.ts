import pino from 'pino';
import { signUp } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { startTestApp, TestApp } from '../support/test-app';

/** The request log as an operator reads it: enough to find a request, nothing that is a secret. */
describe.each(testDatabases().slice(0, 1))('the request log ($name)', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    app = await startTestApp(database, { logger });
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const requestLines = () => lines.filter((line) => line.msg === 'request');

  it('names the route pattern, status, duration, sizes, the person and the client address of each request', async () => {
    const owner = await signUp(app.client);
    lines.length = 0;
    const body = { name: 'Paper Co', unique_id: 'paper' };
    const created = await owner.api.post(`/api/v1.0/organisation/${owner.organisationUniqueId}/vendors/create/`, body, { headers: { 'X-Request-Id': 'req-1' } });
    const [line] = requestLines();
    expect(line).toMatchObject({
      requestId: 'req-1',
      method: 'POST',
      route: '/api/v1.0/organisation/:org/vendors/create',
      path: `/api/v1.0/organisation/${owner.organisationUniqueId}/vendors/create/`,
      status: 201,
      requestBytes: Buffer.byteLength(JSON.stringify(body)),
      person: expect.any(String),
      client: expect.stringMatching(/127\.0\.0\.1/),
    });
    expect(line.responseBytes).toBe(Buffer.byteLength(created.text));
    expect(line.durationMs).toEqual(expect.any(Number));
  });

  it('counts the bytes a list, a refusal and a 304 answered', async () => {
    const owner = await signUp(app.client);
    const base = `/api/v1.0/organisation/${owner.organisationUniqueId}/vendors`;
    await owner.api.post(`${base}/create/`, { name: 'Ünïcode Supplies ✓', unique_id: 'unicode' });
    const read = await owner.api.get(`${base}/unicode/`);
    lines.length = 0;
    const answers = [
      await owner.api.get(`${base}/`),
      await owner.api.post(`${base}/create/`, { name: '' }),
      await owner.api.get(`${base}/unicode/`, { headers: { 'If-None-Match': read.headers.get('ETag')! } }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 400, 304]);
    expect(requestLines().map((line) => line.responseBytes)).toEqual(answers.map((answer) => Buffer.byteLength(answer.text)));
  });

  it('never writes a credential, a query string or an invitation token', async () => {
    const owner = await signUp(app.client);
    const invitation = await owner.api.post(`/api/v1.0/organisation/${owner.organisationUniqueId}/invitations/`, { email: 'new@example.com', role: 'member' });
    const token = invitation.body.token as string;
    lines.length = 0;
    await app.client.post(`/api/v1.0/invitations/${token}/accept/`, { password: 'a long passphrase here', first_name: 'New', last_name: 'Person' });
    await owner.api.get(`/api/v1.0/organisation/${owner.organisationUniqueId}/vendors/?search=secret-search-term`);
    const written = JSON.stringify(lines);
    expect(written).not.toContain(token);
    expect(written).not.toContain('a long passphrase here');
    expect(written).not.toContain('secret-search-term');
    expect(written).not.toContain(owner.password);
    expect(requestLines()[0]).toMatchObject({ route: '/api/v1.0/invitations/:token/accept', path: '/api/v1.0/invitations/:token/accept/' });
  });
});
