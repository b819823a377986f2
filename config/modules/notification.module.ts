import { ContainerModule } from 'inversify';
import { NotificationController } from '../../adapters/http/notification/notification.controller';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { InMemoryNotificationPreferencesRepository, InMemoryNotificationQueue } from '../../adapters/persistence/in-memory/in-memory-notification-queue';
import { TypeOrmNotificationPreferencesRepository } from '../../adapters/persistence/typeorm/notification/typeorm-notification-preferences.repository';
import { TypeOrmFollowUpsDue } from '../../adapters/persistence/typeorm/notification/typeorm-follow-ups-due';
import { TypeOrmNotificationQueue } from '../../adapters/persistence/typeorm/notification/typeorm-notification-queue';
import { DeliverNotifications } from '../../application/notification/deliver-notifications.use-case';
import { ReleaseDailyDigests } from '../../application/notification/release-daily-digests.use-case';
import { RemindFollowUps } from '../../application/notification/remind-follow-ups.use-case';
import { GetNotificationPreferences } from '../../application/notification/get-notification-preferences.use-case';
import { ListMyNotificationDeliveries } from '../../application/notification/list-my-notification-deliveries.use-case';
import { UnsubscribeByLink } from '../../application/notification/unsubscribe-by-link.use-case';
import { UpdateNotificationPreferences } from '../../application/notification/update-notification-preferences.use-case';
import { AssignmentNotices } from '../../application/notification/assignment-notices';
import { NotificationOutbox } from '../../application/notification/notification-outbox';
import { NOTIFICATION_TOKENS } from '../../application/notification/notification.ports';
import { UnsubscribeLinks } from '../../application/notification/unsubscribe-links';
import { NotificationMorning } from '../../application/notification/notification-morning';
import { AppConfig } from '../config';
import { Storage } from './storage';

/**
 * Notifications (docs/decisions/notifications.md): the e-mail outbox that the
 * changes write to (`NotificationOutbox`, one of the `RecordEvents`
 * listeners: see the webhook module) and its delivery, each person's
 * preferences and their `me/notifications/` routes.
 */
export function notificationModule(storage: Storage, config: Pick<AppConfig, 'notificationHour' | 'timeZone'>): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(NotificationMorning).toConstantValue(new NotificationMorning(config.notificationHour, config.timeZone));
    if (storage.kind === 'typeorm') {
      bind(NOTIFICATION_TOKENS.NotificationQueue).to(TypeOrmNotificationQueue).inSingletonScope();
      bind(NOTIFICATION_TOKENS.NotificationPreferencesRepository).to(TypeOrmNotificationPreferencesRepository).inSingletonScope();
      bind(NOTIFICATION_TOKENS.FollowUpsDue).to(TypeOrmFollowUpsDue).inSingletonScope();
    } else {
      bind(NOTIFICATION_TOKENS.NotificationQueue).toConstantValue(new InMemoryNotificationQueue());
      bind(NOTIFICATION_TOKENS.NotificationPreferencesRepository).toConstantValue(new InMemoryNotificationPreferencesRepository());
      // Use-case tests have no vendors' store to scan: no reminder is due.
      bind(NOTIFICATION_TOKENS.FollowUpsDue).toConstantValue({ on: async () => [] });
    }
    for (const useCase of [RemindFollowUps, ReleaseDailyDigests, GetNotificationPreferences, UpdateNotificationPreferences, ListMyNotificationDeliveries, UnsubscribeByLink]) bind(useCase).toSelf().inSingletonScope();
    bind(HTTP_TOKENS.Controller).to(NotificationController).inSingletonScope();
    bind(NotificationOutbox).toSelf().inSingletonScope();
    bind(AssignmentNotices).toSelf().inSingletonScope();
    bind(UnsubscribeLinks).toSelf().inSingletonScope();
    bind(DeliverNotifications).toSelf().inSingletonScope();
  });
}
