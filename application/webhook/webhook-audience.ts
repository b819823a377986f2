import { injectable } from 'inversify';

/**
 * Whether anyone listens to an organisation's events, as far as the current
 * request knows. Every organisation-scoped request reads the organisation
 * with the caller's membership; that same statement tells whether the
 * organisation has an active webhook endpoint. When it has none, the outbox
 * does not read its endpoints again for each change the request makes (a
 * statement, and on Postgres a round trip, inside the change's transaction),
 * which spares every write of the many organisations without webhooks.
 *
 * The answer is attached to the organisation object that was read, for as
 * long as that object lives (the request): nothing is shared between
 * requests or processes. An organisation read any other way is not known to
 * be without listeners, and the outbox reads its endpoints as before. An
 * endpoint is therefore sent the changes of requests that began after its
 * creation was answered; a request already under way when it is created may
 * not announce to it.
 */
@injectable()
export class WebhookAudience {
  private readonly unheard = new WeakSet<object>();

  /** Notes that, as read, the organisation had no active endpoint. */
  noneListensTo(organisation: object): void {
    this.unheard.add(organisation);
  }

  /** False only for an organisation object read with no active endpoint. */
  mayListenTo(organisation: object): boolean {
    return !this.unheard.has(organisation);
  }
}
