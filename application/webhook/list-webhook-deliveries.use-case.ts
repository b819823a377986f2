import { inject, injectable } from 'inversify';
import { WebhookEndpoint, WebhookEndpointSnapshot } from '../../domain/webhook/webhook-endpoint';
import { RecordContext } from '../records/record-context';
import { recordContextToken } from '../records/record-kind';
import { Actor } from '../shared/actor';
import { Page, PageRequest } from '../shared/page';
import { DeliveryAttempt, WEBHOOK_TOKENS, WebhookQueue } from './webhook.ports';

/** Every attempt to reach the endpoint, newest first (who may read the endpoint: its owner). */
@injectable()
export class ListWebhookDeliveries {
  constructor(
    @inject(recordContextToken('webhook')) private readonly endpoints: RecordContext<WebhookEndpoint, WebhookEndpointSnapshot>,
    @inject(WEBHOOK_TOKENS.WebhookQueue) private readonly queue: WebhookQueue,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, endpointUniqueId: string, request: PageRequest): Promise<Page<DeliveryAttempt>> {
    const { organisation } = await this.endpoints.authorise(actor, organisationUniqueId, 'read');
    const endpoint = await this.endpoints.find(organisation.id, endpointUniqueId);
    return this.queue.attempts(endpoint.id, request);
  }
}
