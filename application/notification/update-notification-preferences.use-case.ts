import { inject, injectable } from 'inversify';
import { NotificationKind } from '../../domain/notification/notification-kinds';
import { Digest, NotificationPreferences } from '../../domain/notification/notification-preferences';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { NOTIFICATION_TOKENS, NotificationPreferencesRepository } from './notification.ports';

export interface NotificationPreferenceChanges {
  digest?: Digest;
  /** Each kind sent: on (true) or off. */
  kinds?: Partial<Record<NotificationKind, boolean>>;
}

/** Changes what the caller is e-mailed about, the kinds and the digest sent, and only those. */
@injectable()
export class UpdateNotificationPreferences {
  constructor(
    @inject(NOTIFICATION_TOKENS.NotificationPreferencesRepository) private readonly preferences: NotificationPreferencesRepository,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  execute(actor: Actor, changes: NotificationPreferenceChanges): Promise<NotificationPreferences> {
    return this.unitOfWork.transaction(async () => {
      const changed = (await this.preferences.find(actor.personId)).changed(changes);
      await this.preferences.save(actor.personId, changed, this.clock.now());
      return changed;
    });
  }
}
