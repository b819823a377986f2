import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Mailer } from '../../application/organisation/organisation.ports';
import { Logger } from './logger';

/**
 * The development mail adapter: each message becomes a JSON file in
 * `<DATA_DIR>/outbox/`. The log line names the file, not the recipient.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly directory: string,
    private readonly logger: Logger,
  ) {}

  async send(message: { to: string; subject: string; text: string }): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const file = path.join(this.directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`);
    await writeFile(file, JSON.stringify(message, null, 2), { mode: 0o600 });
    this.logger.info({ outbox: path.basename(file) }, 'mail written to the outbox');
  }
}
