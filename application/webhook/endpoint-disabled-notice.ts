import { inject, injectable } from 'inversify';
import { WebhookEndpoint } from '../../domain/webhook/webhook-endpoint';
import { DISABLE_AFTER_FAILING_MS } from '../../domain/webhook/webhook-events';
import { Mailer, ORGANISATION_TOKENS, OrganisationRepository } from '../organisation/organisation.ports';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { MailDeliveryFailed } from '../shared/errors';
import { DeliveryAttempt } from './webhook.ports';

/** The subject of the notice: the service's words only (see `INVITATION_SUBJECT`). */
export const ENDPOINT_DISABLED_SUBJECT = 'A webhook endpoint was disabled';

/**
 * The e-mail that tells an organisation's owner that its failures disabled a
 * webhook endpoint: which one, since when it failed, the last attempt's
 * error, and how to enable it again. Sent once, by the worker whose attempt
 * disabled it, after that change is committed. The receiver is named by its
 * origin only: the rest of its URL may carry a token of the receiver's.
 */
@injectable()
export class EndpointDisabledNotice {
  constructor(
    @inject(ORGANISATION_TOKENS.Mailer) private readonly mailer: Mailer,
    @inject(ORGANISATION_TOKENS.PublicBaseUrl) private readonly baseUrl: string,
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
  ) {}

  /**
   * A mail system that does not take the message loses it: the mail adapter
   * has logged the failure, and the endpoint shows `disabled_reason` to whoever
   * reads it. Not retried: a delivery attempt is no place to wait for a mail server.
   */
  async send(endpoint: WebhookEndpoint, lastAttempt: DeliveryAttempt): Promise<void> {
    const organisation = await this.organisations.findById(endpoint.organisationId);
    const owner = organisation && (await this.people.findById(organisation.ownerId));
    if (!organisation || !owner) return; // gone meanwhile, and the endpoint with it
    const path = `${this.baseUrl}/api/v1.0/organisation/${organisation.uniqueId}/webhooks/${endpoint.uniqueId}`;
    const text = [
      `The webhook endpoint "${endpoint.uniqueId}" of your organisation "${organisation.name}" has been disabled: every attempt to deliver to it ` +
        `has failed since ${endpoint.failingSince?.toISOString()}, for ${DISABLE_AFTER_FAILING_MS / 86_400_000} days or more. ` +
        `The last attempt, at ${lastAttempt.at.toISOString()}: ${lastAttempt.error ?? 'failed'}`,
      `Its receiver is at ${new URL(endpoint.url).origin}. While the endpoint is disabled it is sent nothing: new events are not queued for it, and the ` +
        'deliveries that were still pending wait, to go out once it is enabled again.',
      `Once the receiver answers again, enable the endpoint, as the organisation's owner:\n\n  PATCH ${path}/ with {"is_active": true}`,
      `Its attempts are listed at GET ${path}/deliveries/, and POST ${path}/ping/ tries the receiver at once.`,
    ].join('\n\n');
    try {
      await this.mailer.send({ to: owner.email, subject: ENDPOINT_DISABLED_SUBJECT, text });
    } catch (error) {
      if (!(error instanceof MailDeliveryFailed)) throw error;
    }
  }
}
