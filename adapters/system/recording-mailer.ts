import { Mailer } from '../../application/organisation/organisation.ports';

/** Keeps messages in memory: the mail adapter of use-case tests. */
export class RecordingMailer implements Mailer {
  readonly sent: { to: string; subject: string; text: string }[] = [];

  async send(message: { to: string; subject: string; text: string }): Promise<void> {
    this.sent.push({ ...message });
  }
}
