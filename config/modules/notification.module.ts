import { ContainerModule } from 'inversify';
import { InMemoryNotificationQueue } from '../../adapters/persistence/in-memory/in-memory-notification-queue';
import { TypeOrmNotificationQueue } from '../../adapters/persistence/typeorm/notification/typeorm-notification-queue';
import { DeliverNotifications } from '../../application/notification/deliver-notifications.use-case';
import { NotificationOutbox } from '../../application/notification/notification-outbox';
import { NOTIFICATION_TOKENS } from '../../application/notification/notification.ports';
import { UnsubscribeLinks } from '../../application/notification/unsubscribe-links';
import { Storage } from './storage';

/**
 * Notifications (docs/decisions/notifications.md): the e-mail outbox that the
 * changes write to (`NotificationOutbox`, one of the `RecordEvents`
 * listeners: see the webhook module) and its delivery.
 */
export function notificationModule(storage: Storage): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (storage.kind === 'typeorm') bind(NOTIFICATION_TOKENS.NotificationQueue).to(TypeOrmNotificationQueue).inSingletonScope();
    else bind(NOTIFICATION_TOKENS.NotificationQueue).toConstantValue(new InMemoryNotificationQueue());
    bind(NotificationOutbox).toSelf().inSingletonScope();
    bind(UnsubscribeLinks).toSelf().inSingletonScope();
    bind(DeliverNotifications).toSelf().inSingletonScope();
  });
}
