import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '../../../adapters/system/logger';
import { OutboxMailer } from '../../../adapters/system/outbox-mailer';
import { MailDeliveryFailed } from '../../../application/shared/errors';

const TOKEN = 'k'.repeat(43);
const MESSAGE = { to: 'invitee@example.com', subject: 'You are invited to join Guild', text: `POST http://localhost/api/v1.0/invitations/${TOKEN}/accept/` };

describe('OutboxMailer (development)', () => {
  let dataDir: string;
  let lines: string[];
  const logger = () => createLogger('info', { write: (line: string) => void lines.push(line) });

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'outbox-test-'));
    lines = [];
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes each message to a private file and logs its recipient, subject and file, never its body', async () => {
    const outbox = path.join(dataDir, 'outbox');
    await new OutboxMailer(outbox, 'no-reply@localhost', logger()).send(MESSAGE);

    const [file] = readdirSync(outbox);
    expect(JSON.parse(readFileSync(path.join(outbox, file), 'utf8'))).toEqual({ from: 'no-reply@localhost', ...MESSAGE });
    expect(statSync(path.join(outbox, file)).mode & 0o777).toBe(0o600);
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ msg: 'mail written to the outbox', to: MESSAGE.to, subject: MESSAGE.subject, outbox: file }),
    ]);
    expect(lines.join('')).not.toContain(TOKEN);
  });

  it('turns a folder it cannot write into MailDeliveryFailed', async () => {
    const blocked = path.join(dataDir, 'not-a-folder');
    writeFileSync(blocked, '');
    await expect(new OutboxMailer(blocked, 'no-reply@localhost', logger()).send(MESSAGE)).rejects.toBeInstanceOf(MailDeliveryFailed);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 40, to: MESSAGE.to });
    expect(lines.join('')).not.toContain(TOKEN);
  });
});
