import { UrlPolicy, WebhookEndpoint, WebhookEndpointChanges, WebhookEndpointSnapshot } from '../../domain/webhook/webhook-endpoint';
import { RecordKind } from '../records/record-kind';
import { SecretBox } from '../shared/ports';
import { WebhookSecrets } from './webhook.ports';

export type NewWebhookEndpointCommand = Omit<WebhookEndpointChanges, 'events'> & { url: string; events: string[] };

/**
 * Webhook endpoints (contract section 9), the owner's alone. A new one gets a
 * signing secret, sealed before the entity holds it and answered in clear this
 * once; the entity checks the URL (its policy: https, or http to localhost
 * outside production) and the events. No events of their own, no history.
 */
export function webhookEndpointKind(
  secrets: WebhookSecrets,
  box: SecretBox,
  policy: UrlPolicy,
): RecordKind<WebhookEndpoint, WebhookEndpointSnapshot, NewWebhookEndpointCommand, WebhookEndpointChanges> {
  return {
    names: { one: 'webhook', many: 'webhooks' },
    roles: { read: 'owner', write: 'owner' },
    events: false,
    create: (command, { id, uniqueId, organisation, now }) =>
      WebhookEndpoint.create(
        { ...command, id, uniqueId, organisationId: organisation.id, sealedSecret: box.seal(secrets.generate()), now },
        policy,
      ),
    update: (endpoint, changes, now) => endpoint.change(changes, policy, now),
    createdView: (endpoint) => ({ secret: box.open(endpoint.sealedSecret) }),
  };
}
