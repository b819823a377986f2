import { MailMessage, Mailer } from '../../application/organisation/organisation.ports';

/** Keeps messages in memory: the mail adapter of use-case tests. */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
    this.sent.push({ ...message });
  }
}
