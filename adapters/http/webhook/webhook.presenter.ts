import { DeliveryAttempt } from '../../../application/webhook/webhook.ports';
import { WebhookEndpoint } from '../../../domain/webhook/webhook-endpoint';
import { WEBHOOK_EVENT_TYPES, PING_EVENT } from '../../../domain/webhook/webhook-events';
import { wire } from '../shared/present';
import { wireSchema as s } from '../shared/wire-schema';

/** An endpoint as its owner sees it: never its secret, which only its creation answers. */
export function presentWebhookEndpoint(endpoint: WebhookEndpoint) {
  const e = endpoint.snapshot();
  return {
    unique_id: e.uniqueId,
    url: e.url,
    events: [...e.events],
    is_active: e.isActive,
    failing_since: wire.dateTime(e.failingSince),
    date_created: wire.dateTime(e.dateCreated),
    last_updated: wire.dateTime(e.lastUpdated),
  };
}

const endpointProperties = {
  unique_id: s.uniqueId(),
  url: s.uri(),
  events: s.array(s.choice(WEBHOOK_EVENT_TYPES)),
  is_active: s.boolean(),
  failing_since: s.nullable(s.dateTime()),
  date_created: s.dateTime(),
  last_updated: s.dateTime(),
};

export const WEBHOOK_ENDPOINT_SCHEMA = s.named('WebhookEndpoint', s.object<ReturnType<typeof presentWebhookEndpoint>>(endpointProperties));

/** The answer to a creation: the endpoint and, this once, the secret that signs its messages. */
export function presentNewWebhookEndpoint(endpoint: WebhookEndpoint, secret: string) {
  return { ...presentWebhookEndpoint(endpoint), secret };
}

export const NEW_WEBHOOK_ENDPOINT_SCHEMA = s.named(
  'NewWebhookEndpoint',
  s.object<ReturnType<typeof presentNewWebhookEndpoint>>({ ...endpointProperties, secret: s.text() }),
);

export function presentDeliveryAttempt(attempt: DeliveryAttempt) {
  return {
    id: attempt.id,
    event_id: attempt.eventId,
    event_type: attempt.eventType,
    attempt: attempt.attempt,
    succeeded: attempt.succeeded,
    status_code: attempt.statusCode,
    duration_ms: Math.round(attempt.durationMs),
    error: attempt.error,
    at: wire.dateTime(attempt.at),
  };
}

export const DELIVERY_ATTEMPT_SCHEMA = s.named(
  'WebhookDeliveryAttempt',
  s.object<ReturnType<typeof presentDeliveryAttempt>>({
    id: s.text(),
    event_id: s.text(),
    event_type: s.choice([...WEBHOOK_EVENT_TYPES, PING_EVENT]),
    attempt: s.integer({ min: 1 }),
    succeeded: s.boolean(),
    status_code: s.nullable(s.integer()),
    duration_ms: s.integer({ min: 0 }),
    error: s.nullable(s.text()),
    at: s.dateTime(),
  }),
);
