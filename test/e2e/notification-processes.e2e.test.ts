import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signUp } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { expensePaths, createExpense } from '../support/expenses';
import { startServerProcess } from '../support/server-process';
import { sharedDatabaseEngines, SharedDatabase } from '../support/shared-database';
import { TestSmtpServer } from '../support/smtp-server';

const SUBMITTED = 'An expense awaits your approval';

/** What only processes show: an e-mail committed by a server killed before it was sent is sent after the restart, once. */
describe.each(sharedDatabaseEngines)('notification e-mails across processes on %s', (_engine, open) => {
  let dataDir: string;
  let database: SharedDatabase;
  let smtp: TestSmtpServer;
  const key = randomBytes(32).toString('base64');
  const env = (extra: Record<string, string> = {}) => ({
    ...database.env,
    DATA_DIR: dataDir,
    FIELD_ENCRYPTION_KEY: key,
    PASSWORD_HASH_LOG2_N: '14',
    NEW_ACCOUNTS_PER_CLIENT_PER_HOUR: '1000',
    WEBHOOK_POLL_MS: '20',
    SMTP_URL: smtp.url(),
    ...extra,
  });

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'notification-processes-'));
    database = await open(dataDir);
    smtp = await TestSmtpServer.start();
  });

  afterEach(async () => {
    await smtp.stop();
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends after a restart, once, the e-mail of a change whose server was killed (kill -9) before sending it', async () => {
    const first = await startServerProcess(env({ WEBHOOK_DELIVERY: 'off' }));
    const client = new ApiClient(first.baseUrl);
    const owner = await signUp(client);
    const member = await signUp(client);
    const org = owner.organisationUniqueId;
    const invited = await owner.api.post(`/api/v1.0/organisation/${org}/invitations/`, { email: member.email, role: 'member' });
    expect(invited.status).toBe(201);
    expect((await member.api.post(`/api/v1.0/invitations/${invited.body.token}/accept/`)).status).toBe(200);
    const expense = await createExpense(member.api, org, { employee_id: member.personUniqueId });
    expect((await member.api.get(expensePaths(org).action(expense.unique_id, 'submit'))).status).toBe(200);
    first.child.kill('SIGKILL');
    await first.exited;
    const submitted = () => smtp.received.filter((mail) => mail.headers.subject === SUBMITTED);
    expect(submitted()).toEqual([]);

    const second = await startServerProcess(env());
    try {
      const until = Date.now() + 60_000;
      while (submitted().length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      // A few more rounds of the worker: nothing sends it again.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(submitted().map((mail) => mail.envelopeTo)).toEqual([[owner.email]]);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
