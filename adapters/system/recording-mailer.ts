import { MailMessage, Mailer } from '../../application/organisation/organisation.ports';
import { MailDeliveryFailed } from '../../application/shared/errors';

/** Keeps messages in memory: the mail adapter of use-case tests. */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  /** Plays a mail server that is down: every message fails as SMTP's would. */
  unavailable = false;

  async send(message: MailMessage): Promise<void> {
    if (this.unavailable) throw new MailDeliveryFailed();
    this.sent.push({ ...message });
  }
}
