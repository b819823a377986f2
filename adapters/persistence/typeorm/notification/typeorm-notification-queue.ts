import { inject, injectable } from 'inversify';
import { HeldNotifications, NewNotification, NotificationDelivery, NotificationNext, NotificationQueue, QueuedNotification } from '../../../../application/notification/notification.ports';
import { Page, PageRequest } from '../../../../application/shared/page';
import { NotificationState } from '../../../../domain/notification/notification-kinds';
import { MailMessage } from '../../../../application/organisation/organisation.ports';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { NamedParameters, TypeOrmDatabase } from '../engine';
import { readListPage } from '../sql-page';
import { rowsReturned } from '../sql-returning';

/** Errors are kept short: the service's words, not a dump. */
const ERROR_MAX_LENGTH = 300;

/**
 * The e-mail outbox in `notification_deliveries` (migration 1095), claimed as
 * the webhook outbox is: one statement that leases the due rows, with SKIP
 * LOCKED on Postgres so that workers on any number of instances never take
 * the same e-mail, and under the write lock on SQLite, which does the same.
 * The message is sealed at rest: it names its recipient, and an invitation's
 * carries its token.
 */
@injectable()
export class TypeOrmNotificationQueue implements NotificationQueue {
  constructor(
    @inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase,
    @inject(SHARED_TOKENS.SecretBox) private readonly box: SecretBox,
  ) {}

  async enqueue(notifications: NewNotification[]): Promise<void> {
    await this.db.transaction(async () => {
      for (const notification of notifications) {
        await this.write(
          `INSERT INTO notification_deliveries (id, organisation_id, person_id, kind, record_unique_id, message, state, attempts, next_attempt_at, created_at, held_on, once_key)
           VALUES (:id, :organisationId, :personId, :kind, :recordUniqueId, :message, :state, 0, :at, :at, :heldOn, :onceKey)
           ON CONFLICT (once_key) DO NOTHING`,
          {
            id: notification.id,
            organisationId: notification.organisationId,
            personId: notification.personId,
            kind: notification.kind,
            recordUniqueId: notification.recordUniqueId,
            message: this.box.seal(JSON.stringify(notification.message)),
            at: notification.at.getTime(),
            state: notification.heldOn ? 'held' : 'pending',
            heldOn: notification.heldOn ?? null,
            onceKey: notification.onceKey ?? null,
          },
        );
      }
    });
  }

  async claim(now: Date, limit: number, leaseUntil: Date): Promise<QueuedNotification[]> {
    // A read first: an idle queue costs a worker's round no write (on SQLite, no turn on the one writer).
    const due = this.db.sql(
      "SELECT 1 AS due FROM notification_deliveries WHERE state = 'pending' AND next_attempt_at <= :now AND (claimed_until IS NULL OR claimed_until <= :now) LIMIT 1",
      { now: now.getTime() },
    );
    const [found] = await this.db.select([due]);
    if (found.length === 0) return [];
    const skipLocked = this.db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
    const claimed = await this.returning(
      `UPDATE notification_deliveries SET claimed_until = :lease WHERE seq IN (
         SELECT seq FROM notification_deliveries
         WHERE state = 'pending' AND next_attempt_at <= :now AND (claimed_until IS NULL OR claimed_until <= :now)
         ORDER BY seq LIMIT :limit${skipLocked})
       RETURNING id, organisation_id, kind, record_unique_id, message, attempts`,
      { lease: leaseUntil.getTime(), now: now.getTime(), limit },
    );
    return claimed.map((row) => ({
      id: String(row.id),
      organisationId: String(row.organisation_id),
      kind: String(row.kind),
      recordUniqueId: String(row.record_unique_id),
      message: JSON.parse(this.box.open(String(row.message))) as MailMessage,
      attempts: Number(row.attempts),
    }));
  }

  async dropPending(organisationId: string, kind: string, recordUniqueId: string): Promise<void> {
    await this.write("DELETE FROM notification_deliveries WHERE organisation_id = :organisationId AND kind = :kind AND record_unique_id = :recordUniqueId AND state = 'pending'", {
      organisationId,
      kind,
      recordUniqueId,
    });
  }

  async settle(id: string, attempt: { attempts: number; at: Date; error: string | null }, next: NotificationNext): Promise<boolean> {
    const settled = await this.returning(
      `UPDATE notification_deliveries SET state = :state, attempts = :attempts, next_attempt_at = :nextAt, claimed_until = NULL,
         last_error = :error, sent_at = :sentAt WHERE id = :id RETURNING id`,
      {
        id,
        state: next.state,
        attempts: attempt.attempts,
        nextAt: next.state === 'pending' ? next.at.getTime() : attempt.at.getTime(),
        error: attempt.error?.slice(0, ERROR_MAX_LENGTH) ?? null,
        sentAt: next.state === 'sent' ? attempt.at.getTime() : null,
      },
    );
    return settled.length > 0;
  }

  async anyHeldBefore(today: string): Promise<boolean> {
    const [due] = await this.db.select([this.db.sql("SELECT 1 AS due FROM notification_deliveries WHERE state = 'held' AND held_on < :today LIMIT 1", { today })]);
    return due.length > 0;
  }

  async releaseHeld(today: string): Promise<HeldNotifications[]> {
    // One statement: of two workers releasing at once, the second finds the rows no longer held.
    const rows = await this.returning(
      "UPDATE notification_deliveries SET state = 'digested' WHERE state = 'held' AND held_on < :today RETURNING seq, person_id, organisation_id, message",
      { today },
    );
    const byPerson = new Map<string, HeldNotifications & { seqs: number[] }>();
    for (const row of rows) {
      const personId = String(row.person_id);
      const held = byPerson.get(personId) ?? { personId, organisationId: String(row.organisation_id), messages: [], seqs: [] };
      held.seqs.push(Number(row.seq));
      held.messages.push(JSON.parse(this.box.open(String(row.message))) as MailMessage);
      byPerson.set(personId, held);
    }
    // In the order they were written, whatever order the statement answered in.
    return [...byPerson.values()].map(({ seqs, messages, ...held }) => ({
      ...held,
      messages: seqs.map((seq, index) => ({ seq, message: messages[index] })).sort((a, b) => a.seq - b.seq).map(({ message }) => message),
    }));
  }

  async prune(before: Date, limit: number): Promise<number> {
    const finished = "state IN ('sent', 'failed', 'digested') AND created_at < :at";
    const parameters = { at: before.getTime(), limit };
    const [counted] = await this.db.select([this.db.sql(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM notification_deliveries WHERE ${finished} LIMIT :limit) d`, parameters)]);
    await this.write(`DELETE FROM notification_deliveries WHERE seq IN (SELECT seq FROM notification_deliveries WHERE ${finished} ORDER BY seq LIMIT :limit)`, parameters);
    return Number(counted[0]?.n ?? 0);
  }

  async backlog(): Promise<number> {
    const [rows] = await this.db.select([this.db.sql("SELECT COUNT(*) AS n FROM notification_deliveries WHERE state = 'pending'")]);
    return Number(rows[0]?.n ?? 0);
  }

  async listFor(personId: string, request: PageRequest): Promise<Page<NotificationDelivery>> {
    const { total, items } = await readListPage(
      this.db,
      {
        columns: 'id, kind, record_unique_id, state, attempts, created_at, sent_at',
        from: 'notification_deliveries',
        where: 'person_id = :personId',
        orderBy: 'created_at DESC, seq DESC',
        parameters: { personId },
      },
      request,
    );
    return {
      total,
      items: items.map((row) => ({
        id: String(row.id),
        kind: String(row.kind),
        recordUniqueId: String(row.record_unique_id),
        state: String(row.state) as NotificationState,
        attempts: Number(row.attempts),
        createdAt: new Date(Number(row.created_at)),
        sentAt: row.sent_at === null ? null : new Date(Number(row.sent_at)),
      })),
    };
  }

  private async write(text: string, parameters: NamedParameters): Promise<void> {
    await this.db.execute(this.db.sql(text, parameters));
  }

  private returning(text: string, parameters: NamedParameters): Promise<Record<string, unknown>[]> {
    return rowsReturned(this.db, this.db.sql(text, parameters));
  }
}
