import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { Page, PageRequest } from '../shared/page';
import { WebhookEndpointAccess } from './webhook-endpoint-access';
import { DeliveryAttempt, WEBHOOK_TOKENS, WebhookQueue } from './webhook.ports';

/** Every attempt to reach the endpoint, newest first (owner). */
@injectable()
export class ListWebhookDeliveries {
  constructor(
    @inject(WebhookEndpointAccess) private readonly access: WebhookEndpointAccess,
    @inject(WEBHOOK_TOKENS.WebhookQueue) private readonly queue: WebhookQueue,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, endpointUniqueId: string, request: PageRequest): Promise<Page<DeliveryAttempt>> {
    const { endpoint } = await this.access.endpoint(actor, organisationUniqueId, endpointUniqueId, 'webhooks.view');
    return this.queue.attempts(endpoint.id, request);
  }
}
