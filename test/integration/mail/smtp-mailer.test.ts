import net, { AddressInfo } from 'node:net';
import { createLogger } from '../../../adapters/system/logger';
import { SMTP_TIMEOUTS, SmtpMailer } from '../../../adapters/system/smtp-mailer';
import { MailDeliveryFailed } from '../../../application/shared/errors';
import { TestSmtpServer } from '../../support/smtp-server';

const ACCOUNT = { user: 'mailer@example.com', pass: 'Xyzzy-pa55:w0rd' };
const MESSAGE = { to: 'invitee@example.com', subject: 'You are invited to join Guild', text: `Accept within 7 days: POST http://localhost/api/v1.0/invitations/${'t'.repeat(43)}/accept/` };

/** The mailer under test, with the JSON lines it logs. */
function mailerFor(url: string, timeouts = SMTP_TIMEOUTS) {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  return { mailer: new SmtpMailer({ url, from: 'Guild <no-reply@guild.example>' }, logger, timeouts), lines };
}

describe('SmtpMailer against a real SMTP server', () => {
  let server: TestSmtpServer;

  afterEach(async () => {
    await server.stop();
  });

  it.each(['PLAIN', 'LOGIN'] as const)('signs in with AUTH %s and delivers the message with its sender, recipient, subject and body', async (method) => {
    server = await TestSmtpServer.start({ account: ACCOUNT, authMethods: [method] });
    const { mailer, lines } = mailerFor(server.url());

    await mailer.send(MESSAGE);

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail).toMatchObject({ envelopeFrom: 'no-reply@guild.example', envelopeTo: ['invitee@example.com'], text: MESSAGE.text });
    expect(mail.headers).toMatchObject({ from: 'Guild <no-reply@guild.example>', to: 'invitee@example.com', subject: MESSAGE.subject });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 30, msg: 'mail sent over SMTP', to: MESSAGE.to, subject: MESSAGE.subject }),
    ]);
    expect(lines.join('')).not.toContain('t'.repeat(43));
  });

  it('delivers without credentials to a server that needs none', async () => {
    server = await TestSmtpServer.start();
    await mailerFor(server.url(null)).mailer.send(MESSAGE);
    expect(server.received.map((mail) => mail.envelopeTo)).toEqual([['invitee@example.com']]);
  });

  it('turns a rejected password into MailDeliveryFailed, with the password in neither the error nor the log', async () => {
    server = await TestSmtpServer.start({ account: ACCOUNT });
    const wrong = { user: ACCOUNT.user, pass: 'Wr0ng-Secret-Plugh' };
    const { mailer, lines } = mailerFor(server.url(wrong));

    const failure = mailer.send(MESSAGE);

    await expect(failure).rejects.toBeInstanceOf(MailDeliveryFailed);
    await expect(failure).rejects.toMatchObject({ code: 'mail_delivery_failed', message: 'The e-mail could not be sent.' });
    expect(server.received).toEqual([]);
    const logged = lines.join('');
    expect(JSON.parse(lines[0])).toMatchObject({ level: 40, msg: 'mail delivery failed', to: MESSAGE.to, smtp: { code: 'EAUTH', responseCode: 535 } });
    for (const secret of [wrong.pass, Buffer.from(`\u0000${wrong.user}\u0000${wrong.pass}`).toString('base64'), Buffer.from(wrong.pass).toString('base64')]) {
      expect(logged).not.toContain(secret);
    }
  });

  it('refuses to send unauthenticated to a server that wants credentials', async () => {
    server = await TestSmtpServer.start({ account: ACCOUNT });
    await expect(mailerFor(server.url(null)).mailer.send(MESSAGE)).rejects.toBeInstanceOf(MailDeliveryFailed);
    expect(server.received).toEqual([]);
  });

  it('turns a refused connection into MailDeliveryFailed', async () => {
    server = await TestSmtpServer.start({ account: ACCOUNT });
    const { mailer, lines } = mailerFor(server.url());
    await server.stop();

    await expect(mailer.send(MESSAGE)).rejects.toBeInstanceOf(MailDeliveryFailed);
    expect(JSON.parse(lines[0]).smtp).toMatchObject({ code: 'ESOCKET' });
    expect(lines.join('')).not.toContain(ACCOUNT.pass);
  });
});

describe('SmtpMailer against a server that never answers', () => {
  let silent: net.Server;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.destroy());
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('gives up after the greeting timeout instead of hanging the request', async () => {
    const { port } = silent.address() as AddressInfo;
    const { mailer } = mailerFor(`smtp://127.0.0.1:${port}`, { ...SMTP_TIMEOUTS, greetingTimeout: 300 });
    const started = Date.now();
    await expect(mailer.send(MESSAGE)).rejects.toBeInstanceOf(MailDeliveryFailed);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
