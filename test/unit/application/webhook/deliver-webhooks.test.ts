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
  const deliver = async () => {
    const round = await app.container.get(DeliverWebhooks).execute(20);
    await round.settled;
    return round.claimed;
  };

  beforeEach(async () => {
    sender = new ScriptedSender();
    app = await inMemoryApp(undefined, { webhookSender: sender });
    owner = await app.aPerson();
    org = await app.anOrganisation(owner);
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

  it('disables an endpoint whose every attempt has failed for three days, and sends it nothing more', async () => {
    sender.answers.push(...Array(100).fill(500));
    for (let day = 0; day <= 3; day += 1) {
      await useCasesOf(app.container, 'vendor').create.execute(owner, org, { name: `Vendor ${day}` });
      await deliver();
      app.clock.advance({ days: 1 });
    }
    const endpoint = await webhooks(app).get.execute(owner, org, 'hook');
    expect(endpoint.record.isActive).toBe(false);
    const sent = sender.sent.length;
    await useCasesOf(app.container, 'vendor').create.execute(owner, org, { name: 'Too late' });
    app.clock.advance({ days: 1 });
    await deliver();
    expect(sender.sent).toHaveLength(sent);
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
