import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
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

describe.each(testDatabases())('invitation e-mail over SMTP on $name', (factory) => {
  let smtp: TestSmtpServer;
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start({ account: ACCOUNT });
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { env: { SMTP_URL: smtp.url(), MAIL_FROM: 'Guild <no-reply@guild.example>' } });
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

  async function invite(email: string): Promise<InvitationBody> {
    const response = await owner.api.post(`${org()}/invitations/`, { email, role: 'member' });
    expect(response.status).toBe(201);
    return response.body;
  }

  it('delivers the invitation over SMTP and answers when it went out', async () => {
    const invitation = await invite('smtp-invitee@example.com');
    expect(invitation.sent_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/));
    const [mail] = mailsTo('smtp-invitee@example.com');
    expect(mail.headers).toMatchObject({ from: 'Guild <no-reply@guild.example>', to: 'smtp-invitee@example.com', subject: 'You are invited to join an organisation' });
    expect(mail.text).toContain(invitation.accept_url);
  });

  it('keeps an invitation the mail server could not take, and resends it with a new token once the server is back', async () => {
    await smtp.stop();
    let first: InvitationBody;
    try {
      first = await invite('late@example.com');
      expect(first).toMatchObject({ status: 'pending', sent_at: null, token: expect.any(String) });
      const listed = await owner.api.get(`${org()}/invitations/`);
      expect(listed.body.find((i: InvitationBody) => i.unique_id === first.unique_id)).toMatchObject({ sent_at: null, token: null });

      const whileDown = await owner.api.post(resendPath(first));
      expect(whileDown.status).toBe(503);
      expect(whileDown.body).toEqual({ detail: 'The e-mail could not be sent.', code: 'mail_delivery_failed' });
      expect(whileDown.text).not.toContain(ACCOUNT.pass);
    } finally {
      await smtp.listen();
    }

    const again = await owner.api.post(resendPath(first));
    expect(again.status).toBe(200);
    const resent: InvitationBody = again.body;
    expect(resent).toMatchObject({ unique_id: first.unique_id, email: 'late@example.com', status: 'pending', sent_at: expect.any(String) });
    expect(resent.token).not.toBe(first.token);
    expect(resent.accept_url).toContain(`/api/v1.0/invitations/${resent.token}/accept/`);
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
    const sent = mailsTo('pending@example.com').length;

    expect((await member.api.post(resendPath(invitation))).status).toBe(403);
    expect((await outsider.api.post(resendPath(invitation))).status).toBe(404);
    const anonymous = await app.client.post(resendPath(invitation));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="api"');
    expect((await owner.api.post(`${org()}/invitations/no-such-invitation/resend/`)).status).toBe(404);
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
  it('still creates the invitation, and never shows the password', async () => {
    const smtp = await TestSmtpServer.start({ account: ACCOUNT });
    const database = await factory.create();
    const app = await startTestApp(database, { env: { SMTP_URL: smtp.url({ user: ACCOUNT.user, pass: 'Wr0ng-Secret-Xyzzy' }) } });
    try {
      const owner = await signUp(app.client);
      const created = await owner.api.post(`/api/v1.0/organisation/${owner.organisationUniqueId}/invitations/`, { email: 'x@example.com', role: 'member' });
      expect(created.status).toBe(201);
      expect(created.body.sent_at).toBeNull();
      const resent = await owner.api.post(`/api/v1.0/organisation/${owner.organisationUniqueId}/invitations/${created.body.unique_id}/resend/`);
      expect(resent.status).toBe(503);
      expect(resent.text).not.toContain('Wr0ng-Secret-Xyzzy');
      expect(smtp.received).toEqual([]);
    } finally {
      await app.close();
      await database.dispose();
      await smtp.stop();
    }
  });
});
