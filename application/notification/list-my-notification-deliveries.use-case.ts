import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { Page, PageRequest } from '../shared/page';
import { NOTIFICATION_TOKENS, NotificationDelivery, NotificationQueue } from './notification.ports';

/** The e-mails written to the caller, newest first: what each was about, and where its delivery stands. */
@injectable()
export class ListMyNotificationDeliveries {
  constructor(@inject(NOTIFICATION_TOKENS.NotificationQueue) private readonly queue: NotificationQueue) {}

  execute(actor: Actor, request: PageRequest): Promise<Page<NotificationDelivery>> {
    return this.queue.listFor(actor.personId, request);
  }
}
