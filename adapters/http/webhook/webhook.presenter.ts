import { DeliveryAttempt } from '../../../application/webhook/webhook.ports';
import { WEBHOOK_EVENT_TYPES, PING_EVENT } from '../../../domain/webhook/webhook-events';
import { wire } from '../shared/present';
import { wireSchema as s } from '../shared/wire-schema';

/** An attempt to deliver to an endpoint (the endpoint itself is presented by its declaration). */
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
