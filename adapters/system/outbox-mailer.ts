import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { MailMessage, Mailer } from '../../application/organisation/organisation.ports';
import { MailDeliveryFailed } from '../../application/shared/errors';
import { Logger } from './logger';

/**
 * The development mail adapter: each message becomes a JSON file (0600) in
 * `<DATA_DIR>/outbox/`, and a log line names its recipient, subject and file.
 * The body stays out of the log: it carries the invitation's token.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly directory: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const file = path.join(this.directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`);
    try {
      await mkdir(this.directory, { recursive: true, mode: 0o700 });
      await writeFile(file, JSON.stringify({ from: this.from, ...message }, null, 2), { mode: 0o600 });
    } catch (error) {
      const code = (error as { code?: string }).code;
      this.logger.warn({ to: message.to, subject: message.subject, code }, 'mail could not be written to the outbox');
      throw new MailDeliveryFailed();
    }
    this.logger.info({ to: message.to, subject: message.subject, outbox: path.basename(file) }, 'mail written to the outbox');
  }
}
