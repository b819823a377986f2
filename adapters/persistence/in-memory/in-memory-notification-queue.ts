import { NewNotification, NotificationNext, NotificationQueue, QueuedNotification } from '../../../application/notification/notification.ports';

interface Row extends NewNotification {
  state: 'pending' | 'sent' | 'failed';
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
      this.rows.push({ ...notification, state: 'pending', attempts: 0, nextAttemptAt: notification.at.getTime(), claimedUntil: null, lastError: null });
    }
  }

  async claim(now: Date, limit: number, leaseUntil: Date): Promise<QueuedNotification[]> {
    const due = this.rows
      .filter((row) => row.state === 'pending' && row.nextAttemptAt <= now.getTime() && (row.claimedUntil === null || row.claimedUntil <= now.getTime()))
      .slice(0, limit);
    for (const row of due) row.claimedUntil = leaseUntil.getTime();
    return due.map((row) => ({ id: row.id, kind: row.kind, message: { ...row.message }, attempts: row.attempts }));
  }

  async settle(id: string, attempt: { attempts: number; at: Date; error: string | null }, next: NotificationNext): Promise<void> {
    const row = this.rows.find((candidate) => candidate.id === id);
    if (!row) return;
    Object.assign(row, {
      state: next.state,
      attempts: attempt.attempts,
      nextAttemptAt: next.state === 'pending' ? next.at.getTime() : attempt.at.getTime(),
      claimedUntil: null,
      lastError: attempt.error,
    });
  }

  async backlog(): Promise<number> {
    return this.rows.filter((row) => row.state === 'pending').length;
  }
}
