import { inject, injectable } from 'inversify';
import { NotificationPreferencesRepository } from '../../../../application/notification/notification.ports';
import { NotificationKind } from '../../../../domain/notification/notification-kinds';
import { Digest, NotificationPreferences } from '../../../../domain/notification/notification-preferences';
import { TypeOrmDatabase } from '../engine';

/** Preferences in `notification_preferences` (migration 1095): a row once a person changed them, the kinds off as a JSON list. */
@injectable()
export class TypeOrmNotificationPreferencesRepository implements NotificationPreferencesRepository {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async find(personId: string): Promise<NotificationPreferences> {
    return (await this.findMany([personId])).get(personId) ?? NotificationPreferences.DEFAULT;
  }

  async findMany(personIds: string[]): Promise<Map<string, NotificationPreferences>> {
    const found = new Map<string, NotificationPreferences>(personIds.map((id) => [id, NotificationPreferences.DEFAULT]));
    if (personIds.length === 0) return found;
    const [rows] = await this.db.select([
      this.db.sql('SELECT person_id, digest, kinds_off FROM notification_preferences WHERE person_id IN (:...personIds)', { personIds }),
    ]);
    for (const row of rows) {
      found.set(String(row.person_id), NotificationPreferences.restore({ digest: String(row.digest) as Digest, kindsOff: JSON.parse(String(row.kinds_off)) as NotificationKind[] }));
    }
    return found;
  }

  async save(personId: string, preferences: NotificationPreferences, at: Date): Promise<void> {
    await this.db.execute(
      this.db.sql(
        `INSERT INTO notification_preferences (person_id, digest, kinds_off, last_updated) VALUES (:personId, :digest, :kindsOff, :at)
         ON CONFLICT (person_id) DO UPDATE SET digest = excluded.digest, kinds_off = excluded.kinds_off, last_updated = excluded.last_updated`,
        { personId, digest: preferences.digest, kindsOff: JSON.stringify(preferences.kindsOff), at: at.getTime() },
      ),
    );
  }
}
