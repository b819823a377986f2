import { inject, injectable } from 'inversify';
import { UrlPolicy, WebhookEndpoint, WebhookEndpointChanges } from '../../domain/webhook/webhook-endpoint';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { WebhookEndpointAccess } from './webhook-endpoint-access';
import { WEBHOOK_TOKENS, WebhookEndpointRepository } from './webhook.ports';

/** The owner changes where events go, which, or pauses them; re-enabling forgets past failures. */
@injectable()
export class UpdateWebhookEndpoint {
  constructor(
    @inject(WebhookEndpointAccess) private readonly access: WebhookEndpointAccess,
    @inject(WEBHOOK_TOKENS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(WEBHOOK_TOKENS.UrlPolicy) private readonly policy: UrlPolicy,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  execute(actor: Actor, organisationUniqueId: string, endpointUniqueId: string, changes: WebhookEndpointChanges): Promise<WebhookEndpoint> {
    return this.unitOfWork.transaction(async () => {
      const { endpoint } = await this.access.endpoint(actor, organisationUniqueId, endpointUniqueId, 'webhooks.update', { forUpdate: true });
      endpoint.change(changes, this.policy, this.clock.now());
      await this.endpoints.save(endpoint);
      return endpoint;
    });
  }
}
