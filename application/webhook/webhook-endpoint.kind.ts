import { UrlPolicy, WebhookEndpoint, WebhookEndpointChanges, WebhookEndpointSnapshot } from '../../domain/webhook/webhook-endpoint';
import { RecordKind } from '../records/record-kind';
import { SecretBox } from '../shared/ports';
import { WebhookEndpointRepository, WebhookSecrets } from './webhook.ports';

export type NewWebhookEndpointCommand = Omit<WebhookEndpointChanges, 'events'> & { url: string; events: string[] };

/**
 * Webhook endpoints (contract section 9), the owner's alone. A new one gets a
 * signing secret, sealed before the entity holds it and answered in clear this
 * once; the entity checks the URL (its policy: https, or http to localhost
 * outside production), the events, and that the organisation has room for
 * another (at most `MAX_WEBHOOK_ENDPOINTS`). No events of their own, no history.
 */
export function webhookEndpointKind(
  endpoints: WebhookEndpointRepository,
  secrets: WebhookSecrets,
  box: SecretBox,
  policy: UrlPolicy,
): RecordKind<WebhookEndpoint, WebhookEndpointSnapshot, NewWebhookEndpointCommand, WebhookEndpointChanges> {
  return {
    names: { one: 'webhook', many: 'webhooks' },
    roles: { read: 'owner', write: 'owner' },
    events: false,
    create: async (command, { id, uniqueId, organisation, now }) =>
      WebhookEndpoint.create(
        {
          ...command,
          id,
          uniqueId,
          organisationId: organisation.id,
          sealedSecret: box.seal(secrets.generate()),
          now,
          endpointsInOrganisation: await endpoints.countLockingOrganisation(organisation.id),
        },
        policy,
      ),
    update: (endpoint, changes, now) => endpoint.change(changes, policy, now),
    createdView: (endpoint) => ({ secret: box.open(endpoint.sealedSecret) }),
  };
}
