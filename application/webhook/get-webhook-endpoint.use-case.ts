import { inject, injectable } from 'inversify';
import { WebhookEndpoint } from '../../domain/webhook/webhook-endpoint';
import { Actor } from '../shared/actor';
import { WebhookEndpointAccess } from './webhook-endpoint-access';

@injectable()
export class GetWebhookEndpoint {
  constructor(@inject(WebhookEndpointAccess) private readonly access: WebhookEndpointAccess) {}

  async execute(actor: Actor, organisationUniqueId: string, endpointUniqueId: string): Promise<WebhookEndpoint> {
    return (await this.access.endpoint(actor, organisationUniqueId, endpointUniqueId, 'webhooks.view')).endpoint;
  }
}
