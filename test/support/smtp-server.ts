import { AddressInfo } from 'node:net';
import { SMTPServer, SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  /** Header names in lower case, folded lines unfolded. */
  headers: Record<string, string>;
  /** The decoded text body. */
  text: string;
}

export interface TestSmtpServerOptions {
  /** The one account the server accepts; without it, mail is taken unauthenticated. */
  account?: { user: string; pass: string };
  authMethods?: ('PLAIN' | 'LOGIN')[];
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server, in process) that keeps what it
 * receives. Plain text only: STARTTLS is off, so AUTH runs unencrypted.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** Messages still to refuse, each with a temporary failure (451) after its data: a server that is struggling. */
  refuseNext = 0;
  /** Messages refused so far. */
  refused = 0;
  private server: SMTPServer | null = null;
  private port = 0;

  private constructor(private readonly options: TestSmtpServerOptions) {}

  static async start(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
    const server = new TestSmtpServer(options);
    await server.listen();
    return server;
  }

  /** `smtp://user:pass@127.0.0.1:port`, with the given credentials or the account's. */
  url(credentials: { user: string; pass: string } | null = this.options.account ?? null): string {
    const auth = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@` : '';
    return `smtp://${auth}127.0.0.1:${this.port}`;
  }

  /** Listens again, on the same port, after `stop`. */
  async listen(): Promise<void> {
    const server = new SMTPServer(this.serverOptions());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private serverOptions(): SMTPServerOptions {
    const { account, authMethods = ['PLAIN', 'LOGIN'] } = this.options;
    return {
      logger: false,
      disabledCommands: account ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !account,
      allowInsecureAuth: true,
      authMethods,
      onAuth: (auth, _session, callback) => {
        if (account && auth.username === account.user && auth.password === account.pass) return callback(null, { user: auth.username });
        callback(new Error('Invalid username or password'));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.refuseNext > 0) {
            this.refuseNext -= 1;
            this.refused += 1;
            return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          }
          this.received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            ...parseMessage(Buffer.concat(chunks).toString('utf8')),
          });
          callback();
        });
      },
    };
  }
}

/** Just enough RFC 5322 for the single-part text messages nodemailer writes. */
function parseMessage(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(split + 4);
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { headers, text: text.replace(/\r\n$/, '') };
}
