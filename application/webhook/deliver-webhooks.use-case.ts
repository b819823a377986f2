import { inject, injectable } from 'inversify';
import { isDelivered, nextAttemptAt } from '../../domain/webhook/webhook-events';
import { Clock, IdGenerator, SecretBox, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { EndpointDisabledNotice } from './endpoint-disabled-notice';
import { openPayload } from './webhook-outbox';
import { ClaimBounds, DeliveryAttempt, DeliveryNext, QueuedDelivery, WEBHOOK_TOKENS, WebhookEndpointRepository, WebhookQueue, WebhookSender } from './webhook.ports';

/** How long a claimed delivery stays its worker's: past the 10 s answer time, so that only a dead worker loses it. */
const CLAIM_LEASE_MS = 60_000;

/**
 * Deliveries out at once, across all workers: per endpoint (a receiver that
 * never answers holds at most this many attempts, each for its 10 s timeout)
 * and per organisation (its 20 endpoints together). Another organisation's
 * delivery never waits behind them.
 */
export const DELIVERY_BOUNDS: ClaimBounds = { perEndpoint: 2, perOrganisation: 4 };

/** A round: how many deliveries it claimed, and when their attempts are all settled. */
export interface DeliveryRound {
  claimed: number;
  settled: Promise<void>;
}

/**
 * One round of the webhook worker: claims the deliveries that are due, sends
 * each, and logs the attempt. A failure is tried again on the retry schedule,
 * then given up; every attempt failing for three days disables the endpoint,
 * and its owner's e-mail is queued in the same transaction.
 * Deliveries are at least once: a worker that dies mid-attempt leaves its
 * claim to lapse, and another sends the message again, with the same id.
 */
@injectable()
export class DeliverWebhooks {
  constructor(
    @inject(WEBHOOK_TOKENS.WebhookQueue) private readonly queue: WebhookQueue,
    @inject(WEBHOOK_TOKENS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(WEBHOOK_TOKENS.WebhookSender) private readonly sender: WebhookSender,
    @inject(SHARED_TOKENS.SecretBox) private readonly box: SecretBox,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(EndpointDisabledNotice) private readonly notice: EndpointDisabledNotice,
  ) {}

  /**
   * Claims and starts up to `limit` deliveries, answering once they are
   * claimed (0: nothing was due): the caller need not wait for a slow
   * receiver before claiming more for others.
   */
  async execute(limit: number): Promise<DeliveryRound> {
    const now = this.clock.now();
    const claimed = await this.queue.claim(now, limit, new Date(now.getTime() + CLAIM_LEASE_MS), DELIVERY_BOUNDS);
    const settled = Promise.all(claimed.map((delivery) => this.deliver(delivery))).then(() => undefined);
    return { claimed: claimed.length, settled };
  }

  private async deliver(delivery: QueuedDelivery): Promise<void> {
    const endpoint = await this.endpoints.findById(delivery.endpointId);
    if (!endpoint) return; // deleted meanwhile, its deliveries with it
    const at = this.clock.now();
    const outcome = await this.sender.send({
      url: endpoint.url,
      secret: this.box.open(endpoint.sealedSecret),
      id: delivery.eventId,
      timestamp: at,
      body: openPayload(this.box, delivery.payload),
    });
    const succeeded = isDelivered(outcome.statusCode);
    const attempt: DeliveryAttempt = {
      ...outcome,
      id: this.ids.next(),
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      attempt: delivery.attempts + 1,
      succeeded,
      at,
    };
    await this.unitOfWork.transaction(async () => {
      // Read again, and locked first (before the log's row refers to it): the owner may have changed
      // the endpoint while the message was out, and concurrent settlements queue here rather than deadlock.
      const current = await this.endpoints.findById(delivery.endpointId, { forUpdate: true });
      if (!current) return;
      await this.queue.settle(delivery, attempt, succeeded ? { state: 'delivered' } : retryOf(delivery.attempts + 1, at));
      const outcome = succeeded ? (current.recordSuccess() ? 'recorded' : 'unchanged') : current.recordFailure(at);
      if (outcome !== 'unchanged') await this.endpoints.save(current);
      // Under the row's lock, one settlement alone sees the endpoint go from active to disabled: its owner's notice is
      // queued with the change, and sent by the e-mail worker (no mail server is waited for under the lock).
      if (outcome === 'disabled') await this.notice.enqueue(current, attempt);
    });
  }
}

function retryOf(failedAttempts: number, at: Date): DeliveryNext {
  const next = nextAttemptAt(failedAttempts, at);
  return next ? { state: 'pending', at: next } : { state: 'failed' };
}
