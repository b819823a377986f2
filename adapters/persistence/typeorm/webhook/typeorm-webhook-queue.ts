import { inject, injectable } from 'inversify';
import { Page, PageRequest } from '../../../../application/shared/page';
import { ClaimBounds, DeliveryAttempt, DeliveryNext, QueuedDelivery, WebhookQueue } from '../../../../application/webhook/webhook.ports';
import { NamedParameters, TypeOrmDatabase } from '../engine';
import { readListPage } from '../sql-page';
import { rowsReturned } from '../sql-returning';

/** Errors are kept short in the log: a receiver's words, not a dump. */
const ERROR_MAX_LENGTH = 300;
const UNBOUNDED: ClaimBounds = { perEndpoint: Number.MAX_SAFE_INTEGER, perOrganisation: Number.MAX_SAFE_INTEGER };

/**
 * The outbox in `webhook_events` and `webhook_deliveries`, the log in
 * `webhook_attempts` (migration 990). A claim is one statement: on Postgres
 * the rows are locked with SKIP LOCKED, so that workers on any number of
 * instances never take the same delivery; on SQLite the statement runs under
 * the database's write lock, which does the same.
 */
@injectable()
export class TypeOrmWebhookQueue implements WebhookQueue {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async enqueue(
    event: { id: string; organisationId: string; type: string; recordKey: string; payload: string; at: Date },
    endpointIds: string[],
  ): Promise<void> {
    const at = event.at.getTime();
    await this.db.transaction(async () => {
      await this.write('INSERT INTO webhook_events (id, organisation_id, type, payload, created_at) VALUES (:id, :organisationId, :type, :payload, :at)', {
        id: event.id,
        organisationId: event.organisationId,
        type: event.type,
        payload: event.payload,
        at,
      });
      for (const endpointId of endpointIds) {
        await this.write(
          `INSERT INTO webhook_deliveries (event_id, endpoint_id, record_key, state, attempts, next_attempt_at)
           VALUES (:eventId, :endpointId, :recordKey, 'pending', 0, :at)`,
          { eventId: event.id, endpointId, recordKey: event.recordKey, at },
        );
      }
    });
  }

  async claim(now: Date, limit: number, leaseUntil: Date, bounds: ClaimBounds = UNBOUNDED): Promise<QueuedDelivery[]> {
    // A read first: an idle queue costs a worker's round no write (on SQLite, no turn on the one writer).
    const [due] = await this.db.select([
      this.db.sql(
        "SELECT 1 AS due FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= :now AND (claimed_until IS NULL OR claimed_until <= :now) LIMIT 1",
        { now: now.getTime() },
      ),
    ]);
    if (due.length === 0) return [];
    const skipLocked = this.db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
    // Due, its endpoint active, no earlier delivery of the same record to the same endpoint still pending; then fair:
    // each endpoint's and organisation's deliveries numbered after the claims they already hold (live leases), kept
    // within the bounds, and taken in turns (every organisation's first before anyone's second). Postgres refuses
    // FOR UPDATE beside window functions, so the rows picked are locked (SKIP LOCKED) and re-checked one level out.
    const claimed = await this.returning(
      `UPDATE webhook_deliveries SET claimed_until = :lease WHERE seq IN (
         SELECT f.seq FROM webhook_deliveries f WHERE f.seq IN (
           SELECT fair.seq FROM (
             SELECT due.seq, due.endpoint_slot,
                    ROW_NUMBER() OVER (PARTITION BY due.organisation_id ORDER BY due.endpoint_slot, due.seq) + due.organisation_busy AS organisation_slot
             FROM (
               SELECT d.seq, w.organisation_id,
                      ROW_NUMBER() OVER (PARTITION BY d.endpoint_id ORDER BY d.seq)
                        + (SELECT COUNT(*) FROM webhook_deliveries b WHERE b.endpoint_id = d.endpoint_id AND b.state = 'pending' AND b.claimed_until > :now) AS endpoint_slot,
                      (SELECT COUNT(*) FROM webhook_deliveries b JOIN webhook_endpoints bw ON bw.id = b.endpoint_id
                       WHERE bw.organisation_id = w.organisation_id AND b.state = 'pending' AND b.claimed_until > :now) AS organisation_busy
               FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
               WHERE d.state = 'pending' AND d.next_attempt_at <= :now AND (d.claimed_until IS NULL OR d.claimed_until <= :now) AND w.is_active = 1
                 AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p
                                 WHERE p.endpoint_id = d.endpoint_id AND p.record_key = d.record_key AND p.state = 'pending' AND p.seq < d.seq)
             ) due WHERE due.endpoint_slot <= :perEndpoint
           ) fair WHERE fair.organisation_slot <= :perOrganisation
           ORDER BY fair.organisation_slot, fair.seq LIMIT :limit
         ) AND (f.claimed_until IS NULL OR f.claimed_until <= :now)${skipLocked})
       RETURNING seq`,
      { lease: leaseUntil.getTime(), now: now.getTime(), limit, perEndpoint: bounds.perEndpoint, perOrganisation: bounds.perOrganisation },
    );
    if (claimed.length === 0) return [];
    const seqs = claimed.map((row) => Number(row.seq));
    const [rows] = await this.db.select([
      this.db.sql(
        `SELECT d.seq, d.endpoint_id, d.event_id, d.attempts, e.type, e.payload
         FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE d.seq IN (:...seqs) ORDER BY d.seq`,
        { seqs },
      ),
    ]);
    return rows.map((row) => ({
      id: String(row.seq),
      endpointId: String(row.endpoint_id),
      eventId: String(row.event_id),
      eventType: String(row.type),
      payload: String(row.payload),
      attempts: Number(row.attempts),
    }));
  }

  async settle(delivery: QueuedDelivery, attempt: DeliveryAttempt, next: DeliveryNext): Promise<void> {
    await this.db.transaction(async () => {
      await this.log(delivery.endpointId, attempt);
      await this.write(
        `UPDATE webhook_deliveries SET state = :state, attempts = :attempts, next_attempt_at = :nextAt, claimed_until = NULL WHERE seq = :seq`,
        {
          seq: Number(delivery.id),
          state: next.state,
          attempts: attempt.attempt,
          nextAt: next.state === 'pending' ? next.at.getTime() : attempt.at.getTime(),
        },
      );
    });
  }

  async log(endpointId: string, attempt: DeliveryAttempt): Promise<void> {
    await this.write(
      `INSERT INTO webhook_attempts (id, endpoint_id, event_id, event_type, attempt, status_code, duration_ms, error, succeeded, at)
       VALUES (:id, :endpointId, :eventId, :eventType, :attempt, :statusCode, :durationMs, :error, :succeeded, :at)`,
      {
        id: attempt.id,
        endpointId,
        eventId: attempt.eventId,
        eventType: attempt.eventType,
        attempt: attempt.attempt,
        statusCode: attempt.statusCode,
        durationMs: Math.round(attempt.durationMs),
        error: attempt.error?.slice(0, ERROR_MAX_LENGTH) ?? null,
        succeeded: attempt.succeeded ? 1 : 0,
        at: attempt.at.getTime(),
      },
    );
  }

  async attempts(endpointId: string, request: PageRequest): Promise<Page<DeliveryAttempt>> {
    const { total, items } = await readListPage(
      this.db,
      {
        columns: 'id, event_id, event_type, attempt, status_code, duration_ms, error, succeeded, at',
        from: 'webhook_attempts',
        where: 'endpoint_id = :endpointId',
        orderBy: 'at DESC, id DESC',
        parameters: { endpointId },
      },
      request,
    );
    return {
      total,
      items: items.map((row) => ({
        id: String(row.id),
        eventId: String(row.event_id),
        eventType: String(row.event_type),
        attempt: Number(row.attempt),
        statusCode: row.status_code === null ? null : Number(row.status_code),
        durationMs: Number(row.duration_ms),
        error: row.error === null ? null : String(row.error),
        succeeded: Number(row.succeeded) === 1,
        at: new Date(Number(row.at)),
      })),
    };
  }

  async backlog(): Promise<number> {
    const [rows] = await this.db.select([this.db.sql("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE state = 'pending'")]);
    return Number(rows[0]?.n ?? 0);
  }

  async prune(before: Date, limit: number): Promise<number> {
    const at = before.getTime();
    const [[deliveries], [attempts]] = await Promise.all([
      this.db.select([this.db.sql("SELECT COUNT(*) AS n FROM (SELECT 1 FROM webhook_deliveries WHERE state <> 'pending' AND next_attempt_at < :at LIMIT :limit) d", { at, limit })]),
      this.db.select([this.db.sql('SELECT COUNT(*) AS n FROM (SELECT 1 FROM webhook_attempts WHERE at < :at LIMIT :limit) a', { at, limit })]),
    ]);
    await this.db.transaction(async () => {
      await this.write(
        `DELETE FROM webhook_deliveries WHERE seq IN
         (SELECT seq FROM webhook_deliveries WHERE state <> 'pending' AND next_attempt_at < :at ORDER BY seq LIMIT :limit)`,
        { at, limit },
      );
      await this.write('DELETE FROM webhook_attempts WHERE id IN (SELECT id FROM webhook_attempts WHERE at < :at ORDER BY at LIMIT :limit)', { at, limit });
      await this.write(
        `DELETE FROM webhook_events WHERE id IN (SELECT e.id FROM webhook_events e WHERE e.created_at < :at
           AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id) ORDER BY e.created_at LIMIT :limit)`,
        { at, limit },
      );
    });
    return Number(deliveries[0]?.n ?? 0) + Number(attempts[0]?.n ?? 0);
  }

  private async write(text: string, parameters: NamedParameters): Promise<void> {
    const query = this.db.sql(text, parameters);
    await this.db.run((manager) => manager.query(query.sql, query.parameters));
  }

  private returning(text: string, parameters: NamedParameters): Promise<Record<string, unknown>[]> {
    return rowsReturned(this.db, this.db.sql(text, parameters));
  }
}
