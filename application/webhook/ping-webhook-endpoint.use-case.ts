import { inject, injectable } from 'inversify';
import { WebhookEndpoint, WebhookEndpointSnapshot } from '../../domain/webhook/webhook-endpoint';
import { isDelivered, PING_EVENT } from '../../domain/webhook/webhook-events';
import { RecordContext } from '../records/record-context';
import { recordContextToken } from '../records/record-kind';
import { Actor } from '../shared/actor';
import { Clock, IdGenerator, RateLimit, SecretBox, SHARED_TOKENS } from '../shared/ports';
import { eventBody } from './webhook-outbox';
import { DeliveryAttempt, WEBHOOK_TOKENS, WebhookQueue, WebhookSender } from './webhook.ports';

/**
 * The owner checks a receiver: one signed `webhook.ping` sent at once, even
 * to a disabled endpoint, logged among its deliveries and never retried. An
 * endpoint takes so many pings a minute (`PingLimit`): a ping is a request the
 * service makes on the caller's word, to an address the caller chose.
 */
@injectable()
export class PingWebhookEndpoint {
  constructor(
    @inject(recordContextToken('webhook')) private readonly endpoints: RecordContext<WebhookEndpoint, WebhookEndpointSnapshot>,
    @inject(WEBHOOK_TOKENS.WebhookSender) private readonly sender: WebhookSender,
    @inject(WEBHOOK_TOKENS.WebhookQueue) private readonly queue: WebhookQueue,
    @inject(SHARED_TOKENS.SecretBox) private readonly box: SecretBox,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(WEBHOOK_TOKENS.PingLimit) private readonly pings: RateLimit,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, endpointUniqueId: string): Promise<DeliveryAttempt> {
    // Who may change the endpoint may test it: its owner.
    const { organisation } = await this.endpoints.authorise(actor, organisationUniqueId, 'write');
    const endpoint = await this.endpoints.find(organisation.id, endpointUniqueId);
    await this.pings.take(endpoint.id);
    const id = `msg_${this.ids.next()}`;
    const at = this.clock.now();
    const body = eventBody(id, PING_EVENT, at, organisation.uniqueId, { endpoint: endpoint.uniqueId });
    const outcome = await this.sender.send({ url: endpoint.url, secret: this.box.open(endpoint.sealedSecret), id, timestamp: at, body });
    const attempt: DeliveryAttempt = {
      ...outcome,
      id: this.ids.next(),
      eventId: id,
      eventType: PING_EVENT,
      attempt: 1,
      succeeded: isDelivered(outcome.statusCode),
      at,
    };
    await this.queue.log(endpoint.id, attempt);
    return attempt;
  }
}
