import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { WebhookEndpointAccess } from './webhook-endpoint-access';
import { WEBHOOK_TOKENS, WebhookEndpointRepository } from './webhook.ports';

/** The endpoint goes with its queued deliveries and their log. */
@injectable()
export class DeleteWebhookEndpoint {
  constructor(
    @inject(WebhookEndpointAccess) private readonly access: WebhookEndpointAccess,
    @inject(WEBHOOK_TOKENS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  execute(actor: Actor, organisationUniqueId: string, endpointUniqueId: string): Promise<void> {
    return this.unitOfWork.transaction(async () => {
      const { endpoint } = await this.access.endpoint(actor, organisationUniqueId, endpointUniqueId, 'webhooks.delete');
      await this.endpoints.delete(endpoint);
    });
  }
}
