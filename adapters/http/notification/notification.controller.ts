import { inject, injectable } from 'inversify';
import { GetNotificationPreferences } from '../../../application/notification/get-notification-preferences.use-case';
import { ListMyNotificationDeliveries } from '../../../application/notification/list-my-notification-deliveries.use-case';
import { UnsubscribeByLink } from '../../../application/notification/unsubscribe-by-link.use-case';
import { UpdateNotificationPreferences } from '../../../application/notification/update-notification-preferences.use-case';
import { actorOf } from '../middleware/authentication';
import { bindBody } from '../shared/bind-body';
import { answers } from '../shared/answers';
import { API_PREFIX, HttpController } from '../shared/controller';
import { Routes } from '../shared/routes';
import { bindQuery, readPage, sendPage } from '../validation/query';
import {
  DELIVERY_SCHEMA,
  NotificationPreferencesInput,
  OneClickInput,
  preferenceChanges,
  PREFERENCES_SCHEMA,
  presentDelivery,
  presentPreferences,
  UnsubscribeLinkInput,
} from './notification.presenter';

/** `/me/notifications/…`: the caller's e-mail preferences, the e-mails written to them, and the one-click unsubscribe. */
@injectable()
export class NotificationController implements HttpController {
  constructor(
    @inject(GetNotificationPreferences) private readonly getPreferences: GetNotificationPreferences,
    @inject(UpdateNotificationPreferences) private readonly updatePreferences: UpdateNotificationPreferences,
    @inject(ListMyNotificationDeliveries) private readonly listDeliveries: ListMyNotificationDeliveries,
    @inject(UnsubscribeByLink) private readonly unsubscribe: UnsubscribeByLink,
  ) {}

  register(routes: Routes): void {
    const path = `${API_PREFIX}/me/notifications`;
    routes.add({
      method: 'GET',
      path,
      summary: 'Get my notification preferences',
      description: 'Which e-mails the caller receives (each kind on or off; all on by default) and whether each at once (`immediate`, the default) or in one e-mail a day (`daily`).',
      answers: [answers.ok(PREFERENCES_SCHEMA)],
      handle: async (ctx) => {
        ctx.body = presentPreferences(await this.getPreferences.execute(actorOf(ctx)));
      },
    });
    routes.add({
      method: 'PATCH',
      path,
      summary: 'Update my notification preferences',
      description: 'Changes the fields sent, and only those: `digest`, and any kind turned on (true) or off (false). Nobody is ever e-mailed about their own actions.',
      body: { input: NotificationPreferencesInput, form: true },
      answers: [answers.ok(PREFERENCES_SCHEMA)],
      handle: async (ctx) => {
        const changes = preferenceChanges(bindBody(ctx, NotificationPreferencesInput, true));
        ctx.body = presentPreferences(await this.updatePreferences.execute(actorOf(ctx), changes));
      },
    });
    routes.add({
      method: 'GET',
      path: `${path}/deliveries`,
      summary: 'List my notification e-mails',
      description: 'The e-mails written to the caller, newest first, a page at a time: the kind, the record it is about, whether it was sent (or is pending, or was given up after its retries) and the attempts made.',
      list: {},
      answers: [answers.page(DELIVERY_SCHEMA)],
      handle: async (ctx) => {
        const request = readPage(ctx);
        sendPage(ctx, await this.listDeliveries.execute(actorOf(ctx), request), request, presentDelivery);
      },
    });
    routes.add({
      method: 'POST',
      path: `${path}/unsubscribe`,
      summary: 'Unsubscribe with one click',
      description:
        'The `List-Unsubscribe` address of a notification e-mail (RFC 8058): turns that kind off for the person the signed link names. No credentials: the signature is the proof. An unknown or altered link is 404.',
      credentials: 'none',
      query: UnsubscribeLinkInput,
      body: { input: OneClickInput, form: true, optional: 'Mail clients send `List-Unsubscribe=One-Click`; the link is in the query.' },
      answers: [answers.noContent()],
      errors: [404],
      handle: async (ctx) => {
        await this.unsubscribe.execute(bindQuery(UnsubscribeLinkInput, ctx.query));
        ctx.status = 204;
      },
    });
  }
}
