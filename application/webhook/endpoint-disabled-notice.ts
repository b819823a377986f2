import { inject, injectable } from 'inversify';
import { WEBHOOK_DISABLED_KIND } from '../../domain/notification/notification-kinds';
import { WebhookEndpoint } from '../../domain/webhook/webhook-endpoint';
import { DISABLE_AFTER_FAILING_MS } from '../../domain/webhook/webhook-events';
import { escapeHtml } from '../notification/notice-layout';
import { NOTIFICATION_TOKENS, NotificationQueue } from '../notification/notification.ports';
import { ORGANISATION_TOKENS, OrganisationRepository } from '../organisation/organisation.ports';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { Clock, IdGenerator, SHARED_TOKENS } from '../shared/ports';
import { DeliveryAttempt } from './webhook.ports';

/** The subject of the notice: the service's words only (see `INVITATION_SUBJECT`). */
export const ENDPOINT_DISABLED_SUBJECT = 'A webhook endpoint was disabled';

/**
 * The e-mail that tells an organisation's owner that its failures disabled a
 * webhook endpoint: which one, since when it failed, the last attempt's
 * error, and how to enable it again. Queued in the e-mail outbox in the
 * transaction that disables the endpoint (one settlement alone does), and
 * sent and retried as every e-mail (docs/decisions/notifications.md). The
 * receiver is named by its origin only: the rest of its URL may carry a token
 * of the receiver's.
 */
@injectable()
export class EndpointDisabledNotice {
  constructor(
    @inject(NOTIFICATION_TOKENS.NotificationQueue) private readonly queue: NotificationQueue,
    @inject(ORGANISATION_TOKENS.PublicBaseUrl) private readonly baseUrl: string,
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /**
   * In the transaction that disabled the endpoint: its notice is committed
   * with the change, or neither is. Not a preference of anyone's (the owner
   * must hear of it) and never held for a digest: it says the organisation's
   * events are no longer sent.
   */
  async enqueue(endpoint: WebhookEndpoint, lastAttempt: DeliveryAttempt): Promise<void> {
    const organisation = await this.organisations.findById(endpoint.organisationId);
    const owner = organisation && (await this.people.findById(organisation.ownerId));
    if (!organisation || !owner) return; // gone meanwhile, and the endpoint with it
    const path = `${this.baseUrl}/api/v1.0/organisation/${organisation.uniqueId}/webhooks/${endpoint.uniqueId}`;
    const paragraphs = [
      `The webhook endpoint "${endpoint.uniqueId}" of your organisation "${organisation.name}" has been disabled: every attempt to deliver to it ` +
        `has failed since ${endpoint.failingSince?.toISOString()}, for ${DISABLE_AFTER_FAILING_MS / 86_400_000} days or more. ` +
        `The last attempt, at ${lastAttempt.at.toISOString()}: ${lastAttempt.error ?? 'failed'}`,
      `Its receiver is at ${new URL(endpoint.url).origin}. While the endpoint is disabled it is sent nothing: new events are not queued for it, and the ` +
        'deliveries that were still pending wait, to go out once it is enabled again.',
      `Once the receiver answers again, enable the endpoint, as the organisation's owner:\n\n  PATCH ${path}/ with {"is_active": true}`,
      `Its attempts are listed at GET ${path}/deliveries/, and POST ${path}/ping/ tries the receiver at once.`,
    ];
    await this.queue.enqueue([
      {
        id: this.ids.next(),
        organisationId: organisation.id,
        personId: owner.id,
        kind: WEBHOOK_DISABLED_KIND,
        recordUniqueId: endpoint.uniqueId,
        at: this.clock.now(),
        message: {
          to: owner.email,
          subject: ENDPOINT_DISABLED_SUBJECT,
          text: paragraphs.join('\n\n'),
          html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`).join('\n'),
        },
      },
    ]);
  }
}
