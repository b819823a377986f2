import {
  HeldNotifications,
  NewNotification,
  NotificationDelivery,
  NotificationNext,
  NotificationPreferencesRepository,
  NotificationQueue,
  QueuedNotification,
} from '../../../application/notification/notification.ports';
import { Page, PageRequest, slicePage } from '../../../application/shared/page';
import { NotificationState } from '../../../domain/notification/notification-kinds';
import { NotificationPreferences } from '../../../domain/notification/notification-preferences';

interface Row extends NewNotification {
  state: NotificationState;
  attempts: number;
  nextAttemptAt: number;
  claimedUntil: number | null;
  lastError: string | null;
}

/** The in-memory twin of `TypeOrmNotificationQueue`, for use-case tests. */
export class InMemoryNotificationQueue implements NotificationQueue {
  readonly rows: Row[] = [];

  async enqueue(notifications: NewNotification[]): Promise<void> {
    for (const notification of notifications) {
      if (notification.onceKey && this.rows.some((row) => row.onceKey === notification.onceKey)) continue;
      this.rows.push({ ...notification, state: notification.heldOn ? 'held' : 'pending', attempts: 0, nextAttemptAt: notification.at.getTime(), claimedUntil: null, lastError: null });
    }
  }

  async claim(now: Date, limit: number, leaseUntil: Date): Promise<QueuedNotification[]> {
    const due = this.rows
      .filter((row) => row.state === 'pending' && row.nextAttemptAt <= now.getTime() && (row.claimedUntil === null || row.claimedUntil <= now.getTime()))
      .slice(0, limit);
    for (const row of due) row.claimedUntil = leaseUntil.getTime();
    return due.map((row) => ({
      id: row.id,
      organisationId: row.organisationId,
      kind: row.kind,
      recordUniqueId: row.recordUniqueId,
      message: { ...row.message },
      attempts: row.attempts,
    }));
  }

  async dropPending(organisationId: string, kind: string, recordUniqueId: string): Promise<void> {
    for (let index = this.rows.length - 1; index >= 0; index -= 1) {
      const row = this.rows[index];
      if (row.organisationId === organisationId && row.kind === kind && row.recordUniqueId === recordUniqueId && row.state === 'pending') this.rows.splice(index, 1);
    }
  }

  async settle(id: string, attempt: { attempts: number; at: Date; error: string | null }, next: NotificationNext): Promise<boolean> {
    const row = this.rows.find((candidate) => candidate.id === id);
    if (!row) return false;
    Object.assign(row, {
      state: next.state,
      attempts: attempt.attempts,
      nextAttemptAt: next.state === 'pending' ? next.at.getTime() : attempt.at.getTime(),
      claimedUntil: null,
      lastError: attempt.error,
    });
    return true;
  }

  async anyHeldBefore(today: string): Promise<boolean> {
    return this.rows.some((row) => row.state === 'held' && row.heldOn !== undefined && row.heldOn < today);
  }

  async releaseHeld(today: string): Promise<HeldNotifications[]> {
    const byPerson = new Map<string, HeldNotifications>();
    for (const row of this.rows) {
      if (row.state !== 'held' || !row.heldOn || row.heldOn >= today || !row.personId) continue;
      row.state = 'digested';
      const held = byPerson.get(row.personId) ?? { personId: row.personId, organisationId: row.organisationId, messages: [] };
      held.messages.push({ ...row.message });
      byPerson.set(row.personId, held);
    }
    return [...byPerson.values()];
  }

  async prune(before: Date, limit: number): Promise<number> {
    const old = this.rows.filter((row) => row.state !== 'pending' && row.state !== 'held' && row.at < before).slice(0, limit);
    for (const row of old) this.rows.splice(this.rows.indexOf(row), 1);
    return old.length;
  }

  async backlog(): Promise<number> {
    return this.rows.filter((row) => row.state === 'pending').length;
  }

  async listFor(personId: string, request: PageRequest): Promise<Page<NotificationDelivery>> {
    const mine = this.rows.filter((row) => row.personId === personId).reverse();
    return slicePage(
      mine.map((row) => ({
        id: row.id,
        kind: row.kind,
        recordUniqueId: row.recordUniqueId,
        state: row.state,
        attempts: row.attempts,
        createdAt: row.at,
        sentAt: row.state === 'sent' ? new Date(row.nextAttemptAt) : null,
      })),
      request,
    );
  }
}

/** The in-memory twin of `TypeOrmNotificationPreferencesRepository`. */
export class InMemoryNotificationPreferencesRepository implements NotificationPreferencesRepository {
  private readonly saved = new Map<string, NotificationPreferences>();

  async find(personId: string): Promise<NotificationPreferences> {
    return this.saved.get(personId) ?? NotificationPreferences.DEFAULT;
  }

  async findMany(personIds: string[]): Promise<Map<string, NotificationPreferences>> {
    return new Map(personIds.map((id) => [id, this.saved.get(id) ?? NotificationPreferences.DEFAULT]));
  }

  async save(personId: string, preferences: NotificationPreferences): Promise<void> {
    this.saved.set(personId, preferences);
  }
}
