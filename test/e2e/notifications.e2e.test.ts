import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { createExpense, expensePaths } from '../support/expenses';
import { FixedClock } from '../support/fixed-clock';
import { addMember } from '../support/members';
import { TestSmtpServer } from '../support/smtp-server';
import { startTestApp, TestApp } from '../support/test-app';

const BASE = 'https://books.example';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

async function eventually<T>(read: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(testDatabases())('notification e-mails through the expense workflow on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let org: string;
  let outbox: string;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    outbox = path.join(database.dataDir, 'outbox');
    app = await startTestApp(database, { env: { PUBLIC_BASE_URL: BASE, WEBHOOK_POLL_MS: '20' } });
    owner = await signUp(app.client, { first_name: 'Olive', last_name: 'Owner', organisation_name: 'Guild & Sons' });
    member = await signUp(app.client, { first_name: 'Mo', last_name: 'Member' });
    await addMember(app, owner.organisationUniqueId, member);
    org = owner.organisationUniqueId;
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const mails = (): OutboxMail[] => {
    let files: string[];
    try {
      files = readdirSync(outbox).sort();
    } catch {
      return [];
    }
    const read: OutboxMail[] = [];
    for (const file of files) {
      try {
        read.push(JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as OutboxMail);
      } catch {
        // still being written: the next look reads it
      }
    }
    return read;
  };
  const mailsAbout = (expense: Record<string, any>) => mails().filter((mail) => mail.text.includes(`"${expense.title}"`));
  /** The mails about the expense, once at least `count` of them are out. */
  const settledMailsAbout = async (expense: Record<string, any>, count: number) => {
    await eventually(() => (mailsAbout(expense).length >= count ? true : undefined), `${count} mails`);
    return mailsAbout(expense);
  };
  const act = async (user: TestUser, id: string, action: string, reason?: string) => {
    const response = await user.api.get(expensePaths(org).action(id, action, reason));
    expect(response.status).toBe(200);
  };

  it('tells the owner of a submission and the employee of its approval, once each, with the figures and a link', async () => {
    const expense = await createExpense(member.api, org, { employee_id: member.personUniqueId, amount: '1234.50', tax_amount: '10.05' });
    await act(member, expense.unique_id, 'submit');
    const [submitted] = await settledMailsAbout(expense, 1);
    expect(submitted.to).toBe(owner.email);
    expect(submitted.subject).toBe('An expense awaits your approval');
    expect(submitted.text).toContain(`The expense "${expense.title}" (${expense.expense_number}) of Guild & Sons was submitted for approval by Mo Member.`);
    expect(submitted.text).toContain('Total: 1244.55');
    expect(submitted.text).toContain(`${BASE}/api/v1.0/organisation/${org}/expenses/${expense.unique_id}/`);
    expect(submitted.html).toContain('Guild &amp; Sons');
    expect(submitted.html).toContain('1244.55');
    expect(submitted.headers['List-Unsubscribe']).toMatch(new RegExp(`^<${BASE}/api/v1\\.0/me/notifications/unsubscribe/\\?person=${owner.personUniqueId}&kind=expense\\.submitted&signature=[0-9a-f]{64}>$`));
    expect(submitted.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    await act(owner, expense.unique_id, 'approve');
    const [, approved, ...more] = await settledMailsAbout(expense, 2);
    expect(more).toEqual([]);
    expect(approved).toMatchObject({ to: member.email, subject: 'Your expense was approved' });
    expect(approved.text).toContain('was approved by Olive Owner.');
  });

  it('gives the rejection reason to the employee, and tells nobody of their own action', async () => {
    // The owner submits an expense of the member's: the owner is not told of it, the member hears of the rejection.
    const expense = await createExpense(owner.api, org, { employee_id: member.personUniqueId });
    await act(owner, expense.unique_id, 'submit');
    await act(owner, expense.unique_id, 'reject', 'No receipt attached');
    const sent = await settledMailsAbout(expense, 1);
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([[member.email, 'Your expense was rejected']]);
    expect(sent[0].text).toContain('Reason: No receipt attached');
  });

  it('writes nothing for an expense without an employee that its owner moves along', async () => {
    const expense = await createExpense(owner.api, org);
    await act(owner, expense.unique_id, 'submit');
    await act(owner, expense.unique_id, 'approve');
    // A later mail is queued after these changes: once it is out, theirs would be too.
    const later = await createExpense(member.api, org, { employee_id: member.personUniqueId });
    await act(member, later.unique_id, 'submit');
    await settledMailsAbout(later, 1);
    expect(mailsAbout(expense)).toEqual([]);
  });
});

describe.each(testDatabases())('notification e-mails over a failing SMTP server on $name', (factory) => {
  it('retries on the back-off schedule and delivers once when the server takes it', async () => {
    const smtp = await TestSmtpServer.start();
    const database = await factory.create();
    const clock = new FixedClock(new Date());
    const app = await startTestApp(database, { clock, env: { SMTP_URL: smtp.url(), WEBHOOK_POLL_MS: '20' } });
    try {
      const owner = await signUp(app.client, { first_name: 'Olive', last_name: 'Owner' });
      const member = await signUp(app.client, { first_name: 'Mo', last_name: 'Member' });
      await addMember(app, owner.organisationUniqueId, member);
      const expense = await createExpense(member.api, owner.organisationUniqueId, { employee_id: member.personUniqueId });
      smtp.refuseNext = 3;
      expect((await member.api.get(expensePaths(owner.organisationUniqueId).action(expense.unique_id, 'submit'))).status).toBe(200);
      for (const [refused, retryAfterMinutes] of [[1, 1], [2, 5], [3, 30]]) {
        await eventually(() => (smtp.refused >= refused ? true : undefined), `refusal ${refused}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(smtp.refused).toBe(refused); // not before its retry is due
        clock.advance({ minutes: retryAfterMinutes });
      }
      await eventually(() => (smtp.received.length > 0 ? true : undefined), 'the delivery');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(smtp.received.map((mail) => mail.envelopeTo)).toEqual([[owner.email]]);
      expect(smtp.received[0].headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(smtp.refused).toBe(3);
    } finally {
      await app.close();
      await database.dispose();
      await smtp.stop();
    }
  });
});
