import { createHash } from 'node:crypto';
import { cookieFrom } from '../support/api-client';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { startTestApp, TestApp } from '../support/test-app';

describe.each(testDatabases())('authentication and sessions on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { env: { LOGIN_FAILURES_PER_EMAIL: '3' } });
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  describe('sign-up', () => {
    it('creates the user as owner of a new organisation and opens a session', async () => {
      const response = await app.client.post('/api/v1.0/auth/signup/', {
        email: 'Founder@Example.com',
        password: 'a long passphrase',
        first_name: 'Ada',
        last_name: 'Lovelace',
        organisation_name: 'Analytical Engines',
      });
      expect(response.status).toBe(201);
      expect(response.body.person).toMatchObject({
        user: { first_name: 'Ada', last_name: 'Lovelace', email: 'Founder@Example.com' },
        is_owner: true,
        organisation_details: { name: 'Analytical Engines', role: 'owner' },
      });
      expect(response.body.organisation).toMatchObject({ name: 'Analytical Engines', member_count: 1 });
      const cookies = response.headers.getSetCookie().join('\n');
      expect(cookies).toMatch(/sessionid=[^;]+;.*httponly/i);
      expect(cookies).toMatch(/sessionid=[^;]+;.*samesite=lax/i);
      expect(cookies).toMatch(/csrftoken=[^;]+/);
      expect(cookies).not.toMatch(/csrftoken=[^\n]*httponly/i);
    });

    it('refuses an e-mail that exists in another case, and weak passwords', async () => {
      const duplicate = await app.client.post('/api/v1.0/auth/signup/', {
        email: 'founder@EXAMPLE.com',
        password: 'another passphrase',
        first_name: 'A',
        last_name: 'B',
        organisation_name: 'C',
      });
      expect(duplicate.status).toBe(400);
      expect(duplicate.body).toEqual({ email: ['A user with that email already exists.'] });

      const weak = await app.client.post('/api/v1.0/auth/signup/', {
        email: 'weak@example.com',
        password: '1234567',
        first_name: 'A',
        last_name: 'B',
        organisation_name: 'C',
      });
      expect(weak.status).toBe(400);
      expect(weak.body.password).toEqual([
        'This password is too short. It must contain at least 8 characters.',
        'This password is entirely numeric.',
      ]);
    });

    it('takes a look-alike in full-width letters for the same address, at sign-up and at login', async () => {
      const lookalike = await app.client.post('/api/v1.0/auth/signup/', {
        email: 'ｆｏｕｎｄｅｒ@example.com',
        password: 'another passphrase',
        first_name: 'A',
        last_name: 'B',
        organisation_name: 'C',
      });
      expect(lookalike.status).toBe(400);
      expect(lookalike.body).toEqual({ email: ['A user with that email already exists.'] });

      const login = await app.client.post('/api/v1.0/auth/login/', { email: 'ＦＯＵＮＤＥＲ@example.com', password: 'a long passphrase' });
      expect(login.status).toBe(200);
    });

    it('lists every missing field at once', async () => {
      const response = await app.client.post('/api/v1.0/auth/signup/', {});
      expect(response.status).toBe(400);
      expect(Object.keys(response.body).sort()).toEqual(['email', 'first_name', 'last_name', 'organisation_name', 'password']);
    });
  });

  describe('HTTP Basic', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await signUp(app.client);
    });

    it('answers 401 with the challenge when credentials are missing or wrong', async () => {
      const none = await app.client.get('/api/v1.0/me/');
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ detail: 'Authentication credentials were not provided.' });
      expect(none.headers.get('www-authenticate')).toBe('Basic realm="api"');

      const wrong = await app.client.basic(user.email, 'not the password').get('/api/v1.0/me/');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ detail: 'Invalid username/password.' });
    });

    it.each([
      ['Basic !!!notbase64', 'Invalid basic header. Credentials not correctly base64 encoded.'],
      ['Basic', 'Invalid basic header. No credentials provided.'],
      ['Basic abc def', 'Invalid basic header. Credentials string should not contain spaces.'],
    ])('answers 401, never 500, to the malformed header %s', async (header, detail) => {
      const response = await app.client.get('/api/v1.0/me/', { headers: { Authorization: header } });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail });
    });

    it('authenticates with the e-mail in any case', async () => {
      const response = await app.client.basic(user.email.toUpperCase(), user.password).get('/api/v1.0/me/');
      expect(response.status).toBe(200);
    });
  });

  describe('session cookie', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await signUp(app.client);
    });

    async function logIn() {
      const response = await app.client.post('/api/v1.0/auth/login/', { email: user.email, password: user.password });
      expect(response.status).toBe(200);
      return { sessionId: cookieFrom(response, 'sessionid')!, csrfToken: cookieFrom(response, 'csrftoken')! };
    }

    it('logs in and reads /me/ with the cookie alone', async () => {
      const session = await logIn();
      const response = await app.client.as({ kind: 'session', ...session, sendCsrf: false }).get('/api/v1.0/me/');
      expect(response.status).toBe(200);
      expect(response.body.user.email).toBe(user.email);
      expect(response.body.last_login).not.toBeNull();
    });

    it('requires the CSRF header on unsafe methods, matching the cookie', async () => {
      const session = await logIn();
      const without = await app.client.as({ kind: 'session', ...session, sendCsrf: false }).patch('/api/v1.0/me/', { job_title: 'CTO' });
      expect(without.status).toBe(403);
      expect(without.body).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.' });

      const forged = await app.client
        .as({ kind: 'session', ...session, sendCsrf: false })
        .patch('/api/v1.0/me/', { job_title: 'CTO' }, { headers: { 'X-CSRFToken': 'x'.repeat(43) } });
      expect(forged.status).toBe(403);

      const other = await logIn();
      const crossed = await app.client
        .as({ kind: 'session', sessionId: session.sessionId, csrfToken: other.csrfToken })
        .patch('/api/v1.0/me/', { job_title: 'CTO' });
      expect(crossed.status).toBe(403);

      const unchanged = await user.api.get('/api/v1.0/me/');
      expect(unchanged.body.job_title).toBeNull();

      const ok = await app.client.as({ kind: 'session', ...session }).patch('/api/v1.0/me/', { job_title: 'CTO' });
      expect(ok.status).toBe(200);
      expect(ok.body.job_title).toBe('CTO');
    });

    it('stores only a hash of the session token, never the token itself', async () => {
      const session = await logIn();
      const rows: { token_hash: string }[] = await app.application.dataSource.query('SELECT token_hash FROM sessions');
      const hashed = createHash('sha256').update(session.sessionId).digest('hex');
      expect(rows.map((row) => row.token_hash)).toContain(hashed);
      expect(JSON.stringify(rows)).not.toContain(session.sessionId);
    });

    it('ignores an unknown or forged session cookie', async () => {
      const response = await app.client.as({ kind: 'session', sessionId: 'forged', csrfToken: 'x' }).get('/api/v1.0/me/');
      expect(response.status).toBe(401);
    });

    it('keeps at most 20 sessions per person: a new one ends the oldest', async () => {
      const busy = await signUp(app.client);
      const sessions = [];
      for (let i = 0; i < 21; i++) {
        const response = await app.client.post('/api/v1.0/auth/login/', { email: busy.email, password: busy.password });
        expect(response.status).toBe(200);
        sessions.push({ sessionId: cookieFrom(response, 'sessionid')!, csrfToken: cookieFrom(response, 'csrftoken')! });
        // Creation times a millisecond apart at least, so that "oldest" is well defined.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const statuses = await Promise.all(sessions.map(async (s) => (await app.client.as({ kind: 'session', ...s }).get('/api/v1.0/me/')).status));
      expect(statuses).toEqual([401, ...Array(20).fill(200)]);
    });

    it('destroys the session server-side on logout', async () => {
      const session = await logIn();
      const client = app.client.as({ kind: 'session', ...session });
      const out = await client.post('/api/v1.0/auth/logout/');
      expect(out.status).toBe(204);
      expect((await client.get('/api/v1.0/me/')).status).toBe(401);
    });

    it('answers 401 to a bad login', async () => {
      const response = await app.client.post('/api/v1.0/auth/login/', { email: user.email, password: 'nope' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: 'Invalid username/password.' });
    });
  });

  describe('password change', () => {
    it('ends other sessions, keeps this one, and makes the old password fail at once (even if cached)', async () => {
      const user = await signUp(app.client);
      expect((await user.api.get('/api/v1.0/me/')).status).toBe(200);
      const login = await app.client.post('/api/v1.0/auth/login/', { email: user.email, password: user.password });
      const other = app.client.as({ kind: 'session', sessionId: cookieFrom(login, 'sessionid')!, csrfToken: cookieFrom(login, 'csrftoken')! });
      const current = app.client.as({ kind: 'session', sessionId: user.sessionId, csrfToken: user.csrfToken });

      const wrong = await current.post('/api/v1.0/auth/password/', { current_password: 'nope', new_password: 'brand new secret' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ current_password: ['Your current password was entered incorrectly.'] });

      const changed = await current.post('/api/v1.0/auth/password/', { current_password: user.password, new_password: 'brand new secret' });
      expect(changed.status).toBe(204);
      expect((await other.get('/api/v1.0/me/')).status).toBe(401);
      expect((await current.get('/api/v1.0/me/')).status).toBe(200);
      expect((await user.api.get('/api/v1.0/me/')).status).toBe(401);
      expect((await app.client.basic(user.email, 'brand new secret').get('/api/v1.0/me/')).status).toBe(200);
    });
  });

  describe('throttling', () => {
    it('answers 429 with Retry-After once an e-mail has failed too often, even with the right password', async () => {
      const user = await signUp(app.client);
      for (let i = 0; i < 3; i++) {
        const failed = await app.client.post('/api/v1.0/auth/login/', { email: user.email, password: `wrong ${i}` });
        expect(failed.status).toBe(401);
      }
      const throttled = await app.client.post('/api/v1.0/auth/login/', { email: user.email, password: user.password });
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(throttled.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
      const basic = await app.client.basic(user.email, user.password).get('/api/v1.0/me/');
      expect(basic.status).toBe(429);
    });
  });

  it('limits the accounts one client address makes in an hour, sign-ups and invitation accepts together', async () => {
    const database = await factory.create();
    const limited = await startTestApp(database, { env: { NEW_ACCOUNTS_PER_CLIENT_PER_HOUR: '3' } });
    try {
      const owner = await signUp(limited.client);
      await signUp(limited.client);
      const invited = await owner.api.post(`/api/v1.0/organisation/${owner.organisationUniqueId}/invitations/`, { email: 'newcomer@example.com', role: 'member' });
      const accepted = await limited.client.post(`/api/v1.0/invitations/${invited.body.token}/accept/`, { password: 'a fine passphrase', first_name: 'N', last_name: 'C' });
      expect(accepted.status).toBe(200);

      const refused = await limited.client.post('/api/v1.0/auth/signup/', {
        email: 'fourth@example.com', password: 'correct horse battery', first_name: 'F', last_name: 'O', organisation_name: 'Four',
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect((await limited.client.post('/api/v1.0/auth/login/', { email: 'fourth@example.com', password: 'correct horse battery' })).status).toBe(401);
      // Logging in is not making an account.
      expect((await limited.client.post('/api/v1.0/auth/login/', { email: owner.email, password: owner.password })).status).toBe(200);
    } finally {
      await limited.close();
      await database.dispose();
    }
  });
});
