import type { Transporter } from 'nodemailer';
import { MailMessage, Mailer } from '../../application/organisation/organisation.ports';
import { MailDeliveryFailed } from '../../application/shared/errors';
import { Logger } from './logger';

export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
  dnsTimeout: number;
}

/** Milliseconds. nodemailer waits up to minutes by default; a request should not. */
export const SMTP_TIMEOUTS: SmtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, dnsTimeout: 10_000 };

/**
 * Production mail: each message in one SMTP conversation (nodemailer), to the
 * server of `SMTP_URL`. A failure is logged by its SMTP code and command only,
 * never the server's text or the URL, and becomes MailDeliveryFailed.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    settings: { url: string; from: string },
    private readonly logger: Logger,
    timeouts: SmtpTimeouts = SMTP_TIMEOUTS,
  ) {
    // Loaded only when SMTP is configured: a server that sends no mail never holds nodemailer in memory.
    const nodemailer = require('nodemailer') as typeof import('nodemailer');
    this.transport = nodemailer.createTransport({ url: settings.url, ...timeouts, logger: false, debug: false }, { from: settings.from });
  }

  async send(message: MailMessage): Promise<void> {
    const about = { to: message.to, subject: message.subject };
    try {
      await this.transport.sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
    } catch (error) {
      this.logger.warn({ ...about, smtp: failureOf(error) }, 'mail delivery failed');
      throw new MailDeliveryFailed();
    }
    this.logger.info(about, 'mail sent over SMTP');
  }
}

function failureOf(error: unknown): { code?: string; responseCode?: number; command?: string } {
  const { code, responseCode, command } = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
  return {
    code: typeof code === 'string' ? code : undefined,
    responseCode: typeof responseCode === 'number' ? responseCode : undefined,
    // Two words at most ("AUTH PLAIN", "RCPT TO"): an argument could be a credential.
    command: typeof command === 'string' ? command.split(' ').slice(0, 2).join(' ') : undefined,
  };
}
