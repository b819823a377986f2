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

/** The mails the development outbox folder holds, in the order they were written; one still being written is left for the next look. */
function outboxMails(outbox: string): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(outbox).sort();
  } catch {
    return []; // nothing written yet
  }
  return files.flatMap((file) => {
    try {
      return [JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as OutboxMail];
    } catch {
      return [];
    }
  });
}

/** Today (UTC, the tests' TIME_ZONE) at the given hour. */
function todayAt(hour: number): Date {
  const day = new Date().toISOString().slice(0, 10);
  return new Date(`${day}T${String(hour).padStart(2, '0')}:00:00.000Z`);
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

  const mails = () => outboxMails(outbox);
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

  it('sends nothing of a kind the person turned off, and again once it is back on', async () => {
    const prefs = '/api/v1.0/me/notifications/';
    const defaults = await member.api.get(prefs);
    expect(defaults.status).toBe(200);
    expect(defaults.body).toEqual({
      digest: 'immediate',
      expense_submitted: true,
      expense_approved: true,
      expense_rejected: true,
      expense_paid: true,
      expense_reimbursed: true,
      expense_reopened: true,
      vendor_follow_up: true,
      lead_assigned: true,
      vendor_assigned: true,
    });
    expect((await member.api.patch(prefs, { digest: 'hourly' })).body).toEqual({ digest: ['"hourly" is not a valid choice.'] });
    const off = await member.api.patch(prefs, { expense_approved: false });
    expect(off.body).toMatchObject({ digest: 'immediate', expense_approved: false, expense_rejected: true });

    const quiet = await createExpense(member.api, org, { employee_id: member.personUniqueId });
    await act(member, quiet.unique_id, 'submit');
    await act(owner, quiet.unique_id, 'approve');
    await act(owner, quiet.unique_id, 'mark_paid');
    const sent = await settledMailsAbout(quiet, 2); // the owner's of the submission, the member's of the payment
    // Sent in one round, they may be written in either order.
    expect(sent.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [
        [owner.email, 'An expense awaits your approval'],
        [member.email, 'Your expense was paid'],
      ].sort(),
    );

    expect((await member.api.patch(prefs, { expense_approved: true })).body).toMatchObject({ expense_approved: true });
    const heard = await createExpense(member.api, org, { employee_id: member.personUniqueId });
    await act(member, heard.unique_id, 'submit');
    await act(owner, heard.unique_id, 'approve');
    expect((await settledMailsAbout(heard, 2)).map((mail) => mail.subject).sort()).toEqual(['An expense awaits your approval', 'Your expense was approved']);
  });

  it('turns a kind off with the one-click List-Unsubscribe POST, without a session, and refuses an altered link', async () => {
    const other = await signUp(app.client, { first_name: 'Una', last_name: 'Subscribe' });
    await addMember(app, org, other);
    const expense = await createExpense(other.api, org, { employee_id: other.personUniqueId });
    await act(other, expense.unique_id, 'submit');
    await act(owner, expense.unique_id, 'approve');
    const approved = (await settledMailsAbout(expense, 2)).find((mail) => mail.subject === 'Your expense was approved')!;
    const link = new URL(approved.headers['List-Unsubscribe'].slice(1, -1));
    const path = `${link.pathname}${link.search}`;
    const forged = path.replace(/signature=[0-9a-f]/, (match) => (match.endsWith('0') ? `${match.slice(0, -1)}1` : `${match.slice(0, -1)}0`));
    expect((await app.client.post(forged, undefined, { form: { 'List-Unsubscribe': 'One-Click' } })).status).toBe(404);
    expect((await other.api.get('/api/v1.0/me/notifications/')).body).toMatchObject({ expense_approved: true });

    const done = await app.client.post(path, undefined, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(done.status).toBe(204);
    expect((await other.api.get('/api/v1.0/me/notifications/')).body).toMatchObject({ expense_approved: false, expense_rejected: true });
  });

  it('lists the e-mails written to the caller: kind, record, status and attempts, a page at a time', async () => {
    const expense = await createExpense(member.api, org, { employee_id: member.personUniqueId });
    await act(member, expense.unique_id, 'submit');
    await act(owner, expense.unique_id, 'reject', 'Too dear');
    await settledMailsAbout(expense, 2);
    // The mail is out before its attempt is recorded: wait for the record, not only the mail.
    let list = await member.api.get('/api/v1.0/me/notifications/deliveries/?page_size=1');
    for (const until = Date.now() + 5000; list.body[0]?.status !== 'sent' && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      list = await member.api.get('/api/v1.0/me/notifications/deliveries/?page_size=1');
    }
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { id: expect.any(String), kind: 'expense.rejected', record: expense.unique_id, status: 'sent', attempts: 1, created_at: expect.any(String), sent_at: expect.any(String) },
    ]);
    expect(Number(list.headers.get('x-total-count'))).toBeGreaterThan(1);
    const owners = await owner.api.get('/api/v1.0/me/notifications/deliveries/');
    expect(owners.body[0]).toMatchObject({ kind: 'expense.submitted', record: expense.unique_id });
    expect(owners.body.some((delivery: { kind: string }) => delivery.kind === 'expense.rejected')).toBe(false);
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

describe.each(testDatabases())('the daily digest on $name', (factory) => {
  it('holds the e-mails of a person who takes a digest, and sends them in one e-mail at NOTIFICATION_HOUR of the next day', async () => {
    const database = await factory.create();
    const outbox = path.join(database.dataDir, 'outbox');
    const clock = new FixedClock(todayAt(12));
    const app = await startTestApp(database, { clock, env: { WEBHOOK_POLL_MS: '20' } });
    const read = () => outboxMails(outbox);
    try {
      const owner = await signUp(app.client, { first_name: 'Olive', last_name: 'Owner' });
      const member = await signUp(app.client, { first_name: 'Di', last_name: 'Gest' });
      await addMember(app, owner.organisationUniqueId, member);
      const org = owner.organisationUniqueId;
      expect((await member.api.patch('/api/v1.0/me/notifications/', { digest: 'daily' })).body).toMatchObject({ digest: 'daily' });
      const first = await createExpense(member.api, org, { employee_id: member.personUniqueId });
      const second = await createExpense(member.api, org, { employee_id: member.personUniqueId });
      for (const expense of [first, second]) {
        expect((await member.api.get(expensePaths(org).action(expense.unique_id, 'submit'))).status).toBe(200);
        expect((await owner.api.get(expensePaths(org).action(expense.unique_id, 'approve'))).status).toBe(200);
      }
      // The owner's two e-mails (immediate) go out; the member's two are held.
      await eventually(() => (read().filter((mail) => mail.to === owner.email).length === 2 ? true : undefined), 'the owner\'s e-mails');
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(read().filter((mail) => mail.to === member.email)).toEqual([]);
      expect((await member.api.get('/api/v1.0/me/notifications/deliveries/')).body.map((d: { status: string }) => d.status)).toEqual(['held', 'held']);

      // The next day, before 8 (the default NOTIFICATION_HOUR): still held.
      clock.advance({ hours: 12 + 7, minutes: 59 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(read().filter((mail) => mail.to === member.email)).toEqual([]);
      expect((await member.api.get('/api/v1.0/me/notifications/deliveries/')).body.map((d: { status: string }) => d.status)).toEqual(['held', 'held']);

      clock.advance({ minutes: 1 }); // 08:00
      const [digest] = await eventually(() => {
        const mine = read().filter((mail) => mail.to === member.email);
        return mine.length > 0 ? mine : undefined;
      }, 'the digest');
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(read().filter((mail) => mail.to === member.email)).toHaveLength(1);
      expect(digest.subject).toBe('Your notifications of the day');
      expect(digest.text).toContain('2 notifications since your last summary:');
      expect(digest.text.indexOf(`"${first.title}"`)).toBeGreaterThan(0);
      expect(digest.text.indexOf(`"${second.title}"`)).toBeGreaterThan(digest.text.indexOf(`"${first.title}"`));
      const listed = (await member.api.get('/api/v1.0/me/notifications/deliveries/')).body;
      expect(listed.map((d: { kind: string; status: string; record: string | null }) => [d.kind, d.status, d.record])).toEqual([
        ['digest', 'sent', null],
        ['expense.approved', 'digested', second.unique_id],
        ['expense.approved', 'digested', first.unique_id],
      ]);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});

describe.each(testDatabases())('vendor follow-up reminders on $name', (factory) => {
  it('e-mails the assignee once, at NOTIFICATION_HOUR of the day the follow-up date is reached, and not when they turned the kind off', async () => {
    const database = await factory.create();
    const outbox = path.join(database.dataDir, 'outbox');
    const clock = new FixedClock(todayAt(12));
    let app = await startTestApp(database, { clock, env: { WEBHOOK_POLL_MS: '20' } });
    const read = () => outboxMails(outbox);
    try {
      const buyer = await signUp(app.client, { first_name: 'Bea', last_name: 'Buyer', organisation_name: 'Buyers Ltd' });
      const quiet = await signUp(app.client, { first_name: 'Qui', last_name: 'Et' });
      const org = (user: TestUser) => `/api/v1.0/organisation/${user.organisationUniqueId}/vendors/create/`;
      const tomorrow = new Date(clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
      expect((await buyer.api.post(org(buyer), { name: 'Kettle & Co', unique_id: 'kettle', next_follow_up_date: tomorrow })).status).toBe(201);
      expect((await buyer.api.post(org(buyer), { name: 'Later Ltd', unique_id: 'later', next_follow_up_date: '2099-01-01' })).status).toBe(201);
      expect((await quiet.api.post(org(quiet), { name: 'Muted Mills', unique_id: 'muted', next_follow_up_date: tomorrow })).status).toBe(201);
      expect((await quiet.api.patch('/api/v1.0/me/notifications/', { vendor_follow_up: false })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(read()).toEqual([]); // not before the day

      clock.advance({ hours: 12 + 7, minutes: 59 }); // the day, before 8 (the default NOTIFICATION_HOUR)
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(read()).toEqual([]);

      clock.advance({ minutes: 1 }); // 08:00
      const [reminder] = await eventually(() => {
        const sent = read();
        return sent.length > 0 ? sent : undefined;
      }, 'the reminder');
      await new Promise((resolve) => setTimeout(resolve, 200)); // more rounds the same day: no second one
      expect(read()).toHaveLength(1);
      expect(reminder).toMatchObject({ to: buyer.email, subject: 'A vendor follow-up is due today' });
      expect(reminder.text).toContain('The follow-up of the vendor "Kettle & Co" of Buyers Ltd, assigned to you, is due today.');
      expect(reminder.text).toContain(`Follow-up date: ${tomorrow}`);
      expect(reminder.html).toContain('Kettle &amp; Co');
      expect((await buyer.api.get('/api/v1.0/me/notifications/deliveries/')).body).toEqual([
        expect.objectContaining({ kind: 'vendor.follow_up', record: 'kettle', status: 'sent', attempts: 1 }),
      ]);

      // A process started later the same day looks again: the reminder's key keeps it to the one.
      await app.close();
      app = await startTestApp(database, { clock, env: { WEBHOOK_POLL_MS: '20' } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(read()).toHaveLength(1);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
