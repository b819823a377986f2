import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { FixedClock } from '../support/fixed-clock';
import { TestSmtpServer } from '../support/smtp-server';
import { startTestApp, TestApp } from '../support/test-app';

const ACCOUNT = { user: 'api@guild.example', pass: 'Smtp-S3cret:Plugh' };
const NEW_ACCOUNT = { password: 'a fine passphrase', first_name: 'New', last_name: 'Comer' };

interface InvitationBody {
  unique_id: string;
  token: string;
  accept_url: string;
  sent_at: string | null;
  expires_at: string;
  status: string;
}

async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(testDatabases())('invitation e-mail over SMTP on $name', (factory) => {
  const clock = new FixedClock(new Date());
  let smtp: TestSmtpServer;
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start({ account: ACCOUNT });
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { clock, env: { SMTP_URL: smtp.url(), MAIL_FROM: 'Guild <no-reply@guild.example>', WEBHOOK_POLL_MS: '20' } });
    owner = await signUp(app.client, { organisation_name: 'Guild' });
  });

  afterAll(async () => {
    await app.close();
    await dispose();
    await smtp.stop();
  });

  const org = () => `/api/v1.0/organisation/${owner.organisationUniqueId}`;
  const resendPath = (invitation: InvitationBody) => `${org()}/invitations/${invitation.unique_id}/resend/`;
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(email));

  const listedSentAt = async (invitation: InvitationBody) =>
    ((await owner.api.get(`${org()}/invitations/`)).body as InvitationBody[]).find((i) => i.unique_id === invitation.unique_id)?.sent_at;

  async function invite(email: string): Promise<InvitationBody> {
    const response = await owner.api.post(`${org()}/invitations/`, { email, role: 'member' });
    expect(response.status).toBe(201);
    return response.body;
  }

  it('delivers the invitation over SMTP in the background, and shows when it went out', async () => {
    const invitation = await invite('smtp-invitee@example.com');
    expect(invitation.sent_at).toBeNull();
    await eventually(async () => (await listedSentAt(invitation)) !== null, 'the invitation sent');
    expect(await listedSentAt(invitation)).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/));
    const [mail] = mailsTo('smtp-invitee@example.com');
    expect(mail.headers).toMatchObject({ from: 'Guild <no-reply@guild.example>', to: 'smtp-invitee@example.com', subject: 'You are invited to join an organisation' });
    expect(mail.text).toContain(invitation.accept_url);
  });

  it('retries an invitation the mail server could not take; a resend meanwhile answers its delivery pending, and only its link goes out', async () => {
    await smtp.stop();
    let first: InvitationBody;
    let resent: InvitationBody;
    try {
      first = await invite('late@example.com');
      expect(first).toMatchObject({ status: 'pending', sent_at: null, token: expect.any(String) });
      const listed = await owner.api.get(`${org()}/invitations/`);
      expect(listed.body.find((i: InvitationBody) => i.unique_id === first.unique_id)).toMatchObject({ sent_at: null, token: null });
      // Its first attempt fails (the server is down): it waits for its retry.
      await new Promise((resolve) => setTimeout(resolve, 200));

      const whileDown = await owner.api.post(resendPath(first));
      expect(whileDown.status).toBe(200);
      resent = whileDown.body;
      expect(resent).toMatchObject({ unique_id: first.unique_id, email: 'late@example.com', status: 'pending', sent_at: null });
      expect(whileDown.text).not.toContain(ACCOUNT.pass);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await smtp.listen();
    }
    clock.advance({ minutes: 1 });
    await eventually(() => mailsTo('late@example.com').length > 0, 'the resent invitation');
    await eventually(async () => (await listedSentAt(first)) !== null, 'sent_at');
    expect(resent.token).not.toBe(first.token);
    expect(resent.accept_url).toContain(`/api/v1.0/invitations/${resent.token}/accept/`);
    // The old link's e-mail was dropped when the invitation was resent: one e-mail, with the new link.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailsTo('late@example.com').map((mail) => mail.text)).toEqual([expect.stringContaining(resent.accept_url)]);

    expect((await app.client.post(`/api/v1.0/invitations/${first.token}/accept/`, NEW_ACCOUNT)).status).toBe(404);
    const accepted = await app.client.post(`/api/v1.0/invitations/${resent.token}/accept/`, NEW_ACCOUNT);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ user: { email: 'late@example.com' }, organisation_details: { name: 'Guild', role: 'member' } });

    const used = await owner.api.post(resendPath(first));
    expect(used.status).toBe(400);
    expect(used.body).toEqual({ non_field_errors: ['This invitation has already been used.'] });
  });

  it('lets only the owner resend: member 403, outsider 404, anonymous 401, unknown invitation 404', async () => {
    const member = await signUp(app.client);
    const joining = await invite(member.email);
    expect((await member.api.post(`/api/v1.0/invitations/${joining.token}/accept/`)).status).toBe(200);
    const outsider = await signUp(app.client);
    const invitation = await invite('pending@example.com');
    await eventually(() => mailsTo('pending@example.com').length > 0, 'the invitation');
    const sent = mailsTo('pending@example.com').length;

    expect((await member.api.post(resendPath(invitation))).status).toBe(403);
    expect((await outsider.api.post(resendPath(invitation))).status).toBe(404);
    const anonymous = await app.client.post(resendPath(invitation));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="api"');
    expect((await owner.api.post(`${org()}/invitations/no-such-invitation/resend/`)).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailsTo('pending@example.com')).toHaveLength(sent);
  });

  it('wants the CSRF header when the owner resends with the session cookie', async () => {
    const invitation = await invite('csrf@example.com');
    const session = { kind: 'session' as const, sessionId: owner.sessionId, csrfToken: owner.csrfToken };
    const without = await app.client.as({ ...session, sendCsrf: false }).post(resendPath(invitation));
    expect(without.status).toBe(403);
    expect((await app.client.as(session).post(resendPath(invitation).replace(/\/$/, ''))).status).toBe(200);
  });
});

describe.each(testDatabases())('invitation e-mail with SMTP credentials the server refuses, on $name', (factory) => {
  it('creates and resends the invitation, its e-mail pending, and never shows the password', async () => {
    const smtp = await TestSmtpServer.start({ account: ACCOUNT });
    const database = await factory.create();
    const app = await startTestApp(database, { env: { SMTP_URL: smtp.url({ user: ACCOUNT.user, pass: 'Wr0ng-Secret-Xyzzy' }), WEBHOOK_POLL_MS: '20' } });
    try {
      const owner = await signUp(app.client);
      const created = await owner.api.post(`/api/v1.0/organisation/${owner.organisationUniqueId}/invitations/`, { email: 'x@example.com', role: 'member' });
      expect(created.status).toBe(201);
      expect(created.body.sent_at).toBeNull();
      const resent = await owner.api.post(`/api/v1.0/organisation/${owner.organisationUniqueId}/invitations/${created.body.unique_id}/resend/`);
      expect(resent.status).toBe(200);
      expect(resent.body.sent_at).toBeNull();
      expect(resent.text).not.toContain('Wr0ng-Secret-Xyzzy');
      await new Promise((resolve) => setTimeout(resolve, 200)); // its first attempt, refused
      const listed = await owner.api.get(`/api/v1.0/organisation/${owner.organisationUniqueId}/invitations/`);
      expect(listed.body[0].sent_at).toBeNull();
      expect(listed.text).not.toContain('Wr0ng-Secret-Xyzzy');
      expect(smtp.received).toEqual([]);
    } finally {
      await app.close();
      await database.dispose();
      await smtp.stop();
    }
  });
});
