import { inject, injectable } from 'inversify';
import { ActingContext, ActingKeyName, HISTORY_TOKENS } from '../shared/history';
import { Clock, IdGenerator, SecretBox, SHARED_TOKENS } from '../shared/ports';
import { RecordEvent, RecordEvents } from './record-events';
import { WebhookAudience } from './webhook-audience';
import { EventPayloads, WEBHOOK_TOKENS, WebhookEndpointRepository, WebhookQueue } from './webhook.ports';

/**
 * The webhooks' side of `RecordEvents`: an event that some active endpoint of
 * the organisation subscribed to is written to the outbox, with the record as
 * the API presents it, in the transaction of the change. Nothing is written
 * when no endpoint listens (and nothing read, when the request's read of the
 * organisation found it without endpoints: `WebhookAudience`).
 *
 * The body is kept sealed until it is sent: the record as the API presents
 * it may hold a secret (a vendor's account number), and the receivers get it
 * as presented (docs/decisions/security.md).
 */
@injectable()
export class WebhookOutbox implements RecordEvents {
  constructor(
    @inject(WEBHOOK_TOKENS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(WEBHOOK_TOKENS.WebhookQueue) private readonly queue: WebhookQueue,
    @inject(WEBHOOK_TOKENS.EventPayloads) private readonly payloads: EventPayloads,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(WebhookAudience) private readonly audience: WebhookAudience,
    @inject(SHARED_TOKENS.SecretBox) private readonly box: SecretBox,
    @inject(HISTORY_TOKENS.ActingContext) private readonly acting: ActingContext,
  ) {}

  async publish(event: RecordEvent): Promise<void> {
    if (!this.audience.mayListenTo(event.organisation)) return;
    const endpoints = await this.endpoints.subscribedTo(event.organisation.id, event.type);
    if (endpoints.length === 0) return;
    const id = `msg_${this.ids.next()}`;
    const at = this.clock.now();
    const payload = eventBody(id, event.type, at, event.organisation.uniqueId, this.payloads.present(event.subject), this.acting.current()?.apiKey);
    await this.queue.enqueue(
      { id, organisationId: event.organisation.id, type: event.type, recordKey: `${event.subject.model}:${event.recordId}`, payload: this.box.seal(payload), at },
      endpoints.map((endpoint) => endpoint.id),
    );
  }
}

/** A queued delivery's body as it is sent: sealed, or (queued before bodies were sealed) the JSON itself. */
export function openPayload(box: SecretBox, payload: string): string {
  return payload.startsWith('{') ? payload : box.open(payload);
}

/** The body every delivery sends (contract section 9); `api_key` when the change was made through one (issue 44). */
export function eventBody(id: string, type: string, created: Date, organisationUniqueId: string, data: object, apiKey?: ActingKeyName): string {
  const key = apiKey && { api_key: { unique_id: apiKey.uniqueId, name: apiKey.name } };
  return JSON.stringify({ id, type, created: created.toISOString(), organisation: organisationUniqueId, ...key, data });
}
