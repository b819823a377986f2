import { inject, injectable } from 'inversify';
import { NotificationPreferences } from '../../domain/notification/notification-preferences';
import { Actor } from '../shared/actor';
import { NOTIFICATION_TOKENS, NotificationPreferencesRepository } from './notification.ports';

/** The caller's own notification preferences. */
@injectable()
export class GetNotificationPreferences {
  constructor(@inject(NOTIFICATION_TOKENS.NotificationPreferencesRepository) private readonly preferences: NotificationPreferencesRepository) {}

  execute(actor: Actor): Promise<NotificationPreferences> {
    return this.preferences.find(actor.personId);
  }
}
