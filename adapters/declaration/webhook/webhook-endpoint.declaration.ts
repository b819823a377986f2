import { DISABLED_REASONS, WEBHOOK_URL_MAX_LENGTH, WebhookEndpoint, WebhookEndpointSnapshot } from '../../../domain/webhook/webhook-endpoint';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhook/webhook-events';
import { fieldsOf } from '../declared-field';
import { declareResource } from '../resource-declaration';

const f = fieldsOf<WebhookEndpointSnapshot>();

/**
 * `/organisation/{org}/webhooks/` (contract section 9). The table is migration
 * 990's, which the outbox's raw statements read too: times in epoch
 * milliseconds, the flag 0 or 1. The signing secret is sealed by the kind
 * before the entity holds it (the entity never sees it in clear) and kept as
 * given; its clear text is shown once, in the create's answer.
 */
export const WEBHOOK_ENDPOINT_DECLARATION = declareResource<WebhookEndpointSnapshot>()({
  names: { one: 'webhook', many: 'webhooks' },
  schemaName: 'WebhookEndpoint',
  tagDescription: 'Endpoints that receive the events of an organisation, and their deliveries.',
  keyArea: 'webhooks',
  tagAfter: 'History',
  table: 'webhook_endpoints',
  restore: WebhookEndpoint.restore,
  defaultOrdering: 'date_created',
  fields: [
    f.uniqueId(),
    // Its form (https; http to localhost outside production) is the entity's to check, which normalises it.
    f.url('url', { max: WEBHOOK_URL_MAX_LENGTH, required: true, formByEntity: true, boundsOnInput: true }),
    f.choices('events', WEBHOOK_EVENT_TYPES, { required: true }),
    f.boolean('isActive', { flag: true }),
    f.timestamp('failingSince', {
      nullable: true,
      epochMillis: true,
      description: 'When the current run of failed attempts began; null while deliveries succeed. After 3 days of nothing but failures the endpoint is disabled.',
    }),
    f.timestamp('disabledAt', { nullable: true, epochMillis: true, description: 'Since when the endpoint is inactive (`is_active` false); null while it is active.' }),
    f.choice('disabledReason', DISABLED_REASONS, {
      nullable: true,
      readOnly: true,
      display: true,
      description:
        'Why the endpoint is inactive: `owner` (its owner set `is_active` false) or `delivery_failures` (every attempt failed for 3 days; the owner was e-mailed). ' +
        'A PATCH of `is_active: true` enables it again and clears this, `disabled_at` and `failing_since`. Null while it is active.',
    }),
    f.timestamp('dateCreated', { epochMillis: true, ordering: true }),
    f.timestamp('lastUpdated', { epochMillis: true }),
    f.text('sealedSecret', { column: 'secret', internal: true }),
    f.derived('secret', { type: 'text' }, { once: true }),
  ],
  storage: { unrecorded: true },
});
