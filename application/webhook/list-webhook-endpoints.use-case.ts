import { inject, injectable } from 'inversify';
import { WebhookEndpoint } from '../../domain/webhook/webhook-endpoint';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Page, PageRequest } from '../shared/page';
import { WEBHOOK_TOKENS, WebhookEndpointRepository } from './webhook.ports';

/** The organisation's endpoints, oldest first (owner). */
@injectable()
export class ListWebhookEndpoints {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(WEBHOOK_TOKENS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, request: PageRequest): Promise<Page<WebhookEndpoint>> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'webhooks.list');
    return this.endpoints.list(organisation.id, request);
  }
}
