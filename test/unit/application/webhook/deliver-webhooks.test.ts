import { RecordingMailer } from '../../../../adapters/system/recording-mailer';
import { DeliverNotifications } from '../../../../application/notification/deliver-notifications.use-case';
import { ORGANISATION_TOKENS } from '../../../../application/organisation/organisation.ports';
import { Actor } from '../../../../application/shared/actor';
import { DeliverWebhooks } from '../../../../application/webhook/deliver-webhooks.use-case';
import { ListWebhookDeliveries } from '../../../../application/webhook/list-webhook-deliveries.use-case';
import { AttemptOutcome, OutgoingMessage, WebhookSender } from '../../../../application/webhook/webhook.ports';
import { inMemoryApp, InMemoryApp } from '../../../support/in-memory-container';
import { useCasesOf } from '../../../support/record-use-cases';
import { Vendor, VendorSnapshot } from '../../../../domain/supplier/vendor';
import { WebhookEndpoint, WebhookEndpointSnapshot } from '../../../../domain/webhook/webhook-endpoint';

const webhooks = (app: InMemoryApp) => useCasesOf<WebhookEndpoint, WebhookEndpointSnapshot>(app.container, 'webhook');

/** A receiver that answers the statuses it is given, in turn (200 once they run out), and records what it got. */
class ScriptedSender implements WebhookSender {
  readonly sent: OutgoingMessage[] = [];
  readonly answers: number[] = [];

  async send(message: OutgoingMessage): Promise<AttemptOutcome> {
    this.sent.push(message);
    const statusCode = this.answers.shift() ?? 200;
    return { statusCode, durationMs: 5, error: statusCode === 200 ? null : `The receiver answered ${statusCode}.` };
  }

  typesSent(): string[] {
    return this.sent.map((message) => (JSON.parse(message.body) as { type: string }).type);
  }
}

describe('delivering webhooks (use cases on in-memory adapters)', () => {
  let app: InMemoryApp;
  let sender: ScriptedSender;
  let owner: Actor;
  let org: string;
  let mailer: RecordingMailer;
  const deliver = async () => {
    const round = await app.container.get(DeliverWebhooks).execute(20);
    await round.settled;
    return round.claimed;
  };
  /** A round of the e-mail worker: the owner's notice goes out through the e-mail outbox. */
  const sendMail = async () => {
    const round = await app.container.get(DeliverNotifications).execute(20);
    await round.settled;
    return round.claimed;
  };

  beforeEach(async () => {
    sender = new ScriptedSender();
    app = await inMemoryApp(undefined, { webhookSender: sender });
    owner = await app.aPerson();
    org = await app.anOrganisation(owner);
    mailer = app.container.get<RecordingMailer>(ORGANISATION_TOKENS.Mailer);
    await webhooks(app).create.execute(owner, org, { uniqueId: 'hook', url: 'https://hooks.example.com/in', events: ['vendor.created', 'vendor.updated'] });
  });

  it('sends a change once, signed with the endpoint’s secret, with the record as its view presents it', async () => {
    const view = await useCasesOf<Vendor, VendorSnapshot>(app.container, 'vendor').create.execute(owner, org, { name: 'Paper Co', uniqueId: 'paper' });
    expect(await deliver()).toBe(1);
    expect(await deliver()).toBe(0);
    const [message] = sender.sent;
    expect(message.url).toBe('https://hooks.example.com/in');
    expect(message.secret).toMatch(/^whsec_/);
    expect(JSON.parse(message.body)).toMatchObject({ id: message.id, type: 'vendor.created', organisation: org, data: { unique_id: 'paper', name: view.record.name } });
  });

  it('tries a failing delivery five more times on the schedule, then gives it up; each attempt is listed', async () => {
    sender.answers.push(500, 500, 500, 500, 500, 500);
    await useCasesOf(app.container, 'vendor').create.execute(owner, org, { name: 'Paper Co' });
    expect(await deliver()).toBe(1);
    for (const minutes of [1, 5, 30, 120, 480]) {
      app.clock.advance({ minutes: minutes - 1 });
      expect(await deliver()).toBe(0); // not yet
      app.clock.advance({ minutes: 1 });
      expect(await deliver()).toBe(1);
    }
    app.clock.advance({ days: 1 });
    expect(await deliver()).toBe(0);
    expect(sender.sent).toHaveLength(6);
    const attempts = await app.container.get(ListWebhookDeliveries).execute(owner, org, 'hook', { page: 1, pageSize: 100 });
    expect(attempts.items.map((attempt) => [attempt.attempt, attempt.succeeded, attempt.statusCode])).toEqual(
      [6, 5, 4, 3, 2, 1].map((n) => [n, false, 500]),
    );
  });

  it('holds a record’s later events until its earlier one is delivered, and lets other records’ pass', async () => {
    sender.answers.push(503);
    await useCasesOf(app.container, 'vendor').create.execute(owner, org, { name: 'First', uniqueId: 'first' });
    await useCasesOf(app.container, 'vendor').update.execute(owner, org, 'first', { website: 'https://first.example' });
    await useCasesOf(app.container, 'vendor').create.execute(owner, org, { name: 'Second', uniqueId: 'second' });
    await deliver();
    expect(sender.typesSent()).toEqual(['vendor.created', 'vendor.created']); // first's (refused) and second's
    app.clock.advance({ minutes: 1 });
    await deliver();
    await deliver();
    expect(sender.typesSent()).toEqual(['vendor.created', 'vendor.created', 'vendor.created', 'vendor.updated']);
  });

  it('disables an endpoint whose every attempt has failed for three days, sends it nothing more, and e-mails the owner once through the outbox', async () => {
    sender.answers.push(...Array(100).fill(500));
    const failingFrom = app.clock.now();
    for (let day = 0; day <= 3; day += 1) {
      await useCasesOf(app.container, 'vendor').create.execute(owner, org, { name: `Vendor ${day}` });
      await deliver();
      await deliver(); // two at most per endpoint a round: the retries due besides
      if (day < 3) app.clock.advance({ days: 1 });
    }
    const endpoint = await webhooks(app).get.execute(owner, org, 'hook');
    expect(endpoint.record).toMatchObject({ isActive: false, failingSince: failingFrom, disabledAt: app.clock.now(), disabledReason: 'delivery_failures' });

    expect(mailer.sent).toEqual([]); // queued with the change, not sent by the webhook worker
    expect(await sendMail()).toBe(1);
    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    expect(mail).toMatchObject({ to: `${owner.personId}@example.com`, subject: 'A webhook endpoint was disabled' });
    expect(mail.text).toContain('"hook"');
    expect(mail.text).toContain(`since ${failingFrom.toISOString()}`);
    expect(mail.text).toContain('The receiver answered 500.');
    expect(mail.text).toContain('https://hooks.example.com.'); // the receiver's origin, not its path
    expect(mail.text).toContain(`PATCH http://localhost:8000/api/v1.0/organisation/${org}/webhooks/hook/ with {"is_active": true}`);

    const sent = sender.sent.length;
    await useCasesOf(app.container, 'vendor').create.execute(owner, org, { name: 'Too late' });
    for (let round = 0; round < 3; round += 1) {
      app.clock.advance({ days: 1 });
      expect(await deliver()).toBe(0);
    }
    expect(sender.sent).toHaveLength(sent);
    expect(await sendMail()).toBe(0);
    expect(mailer.sent).toHaveLength(1);
  });

  it('disables the endpoint all the same when the mail server does not take the notice, which is retried and sent once', async () => {
    sender.answers.push(...Array(10).fill(500));
    mailer.unavailable = true;
    await useCasesOf(app.container, 'vendor').create.execute(owner, org, { name: 'Early' });
    await deliver();
    app.clock.advance({ days: 3 });
    await useCasesOf(app.container, 'vendor').create.execute(owner, org, { name: 'Late' });
    const round = await app.container.get(DeliverWebhooks).execute(20);
    await expect(round.settled).resolves.toBeUndefined();
    expect((await webhooks(app).get.execute(owner, org, 'hook')).record).toMatchObject({ isActive: false, disabledReason: 'delivery_failures' });
    expect(await sendMail()).toBe(1); // refused
    expect(mailer.sent).toEqual([]);
    mailer.unavailable = false;
    app.clock.advance({ seconds: 59 });
    expect(await sendMail()).toBe(0); // its retry is due a minute later
    app.clock.advance({ seconds: 1 });
    expect(await sendMail()).toBe(1);
    app.clock.advance({ days: 1 });
    expect(await sendMail()).toBe(0);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ subject: 'A webhook endpoint was disabled', to: `${owner.personId}@example.com` });
  });

  it('keeps the deliveries pending when it was disabled, and sends them once the owner enables it again, with a fresh count', async () => {
    sender.answers.push(...Array(100).fill(500));
    await useCasesOf(app.container, 'vendor').create.execute(owner, org, { name: 'Early', uniqueId: 'early' });
    await deliver();
    app.clock.advance({ days: 3 });
    await useCasesOf(app.container, 'vendor').create.execute(owner, org, { name: 'Late', uniqueId: 'late' });
    await deliver(); // early's second attempt and late's first: the first of them disables it
    expect((await webhooks(app).get.execute(owner, org, 'hook')).record.isActive).toBe(false);
    await useCasesOf(app.container, 'vendor').update.execute(owner, org, 'late', { website: 'https://late.example' }); // not queued: disabled

    sender.answers.length = 0; // the receiver is mended
    const enabled = await webhooks(app).update.execute(owner, org, 'hook', { isActive: true });
    expect(enabled.record).toMatchObject({ isActive: true, failingSince: null, disabledAt: null, disabledReason: null });
    app.clock.advance({ hours: 9 }); // past every retry's wait
    await deliver();
    await deliver();
    const delivered = sender.sent.slice(-2).map((message) => (JSON.parse(message.body) as { data: { unique_id: string } }).data.unique_id);
    expect(delivered.sort()).toEqual(['early', 'late']);
    expect(sender.typesSent().filter((type) => type === 'vendor.updated')).toEqual([]);
  });

  it('counts failures afresh after a success: failures on either side of it never add up to three days', async () => {
    sender.answers.push(500, 200, ...Array(10).fill(500));
    await useCasesOf(app.container, 'vendor').create.execute(owner, org, { name: 'First' });
    await deliver(); // fails
    app.clock.advance({ days: 2 });
    await deliver(); // its retry succeeds
    await useCasesOf(app.container, 'vendor').create.execute(owner, org, { name: 'Second' });
    await deliver(); // fails: a new run begins
    app.clock.advance({ days: 2 });
    await useCasesOf(app.container, 'vendor').create.execute(owner, org, { name: 'Third' });
    await deliver(); // fails four days after the first failure, two after the run began
    const endpoint = await webhooks(app).get.execute(owner, org, 'hook');
    expect(endpoint.record).toMatchObject({ isActive: true, disabledAt: null });
    expect(await sendMail()).toBe(0);
    expect(mailer.sent).toEqual([]);
  });

  it('writes nothing when no endpoint listens for the event', async () => {
    await useCasesOf(app.container, 'vendor').create.execute(owner, org, { name: 'Paper Co', uniqueId: 'quiet' });
    await deliver();
    sender.sent.length = 0;
    await useCasesOf(app.container, 'vendor').update.execute(owner, org, 'quiet', { website: 'https://quiet.example' });
    const other = await app.aPerson();
    const otherOrg = await app.anOrganisation(other);
    await useCasesOf(app.container, 'vendor').create.execute(other, otherOrg, { name: 'Elsewhere' });
    await deliver();
    expect(sender.typesSent()).toEqual(['vendor.updated']);
  });
});
