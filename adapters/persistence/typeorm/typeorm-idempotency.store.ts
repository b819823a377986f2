import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { Claim, IdempotencyStore, StoredAnswer } from '../../../application/shared/idempotency';
import { NamedParameters, TypeOrmDatabase } from './engine';

interface KeyRow {
  fingerprint: string;
  claim_token: string;
  status: number | null;
  body: string | null;
}

/**
 * Idempotency keys in the table `idempotency_keys` (migration 960). Each
 * claim is one atomic statement (an insert that does nothing on a taken key,
 * an update that takes over only an abandoned claim) followed by a read of
 * whose token the row holds, so concurrent requests with one key on any
 * number of instances see exactly one winner. Times are epoch milliseconds.
 */
@injectable()
export class TypeOrmIdempotencyStore implements IdempotencyStore {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async claim(scope: string, key: string, fingerprint: string, now: Date, abandonedBefore: Date): Promise<Claim> {
    const token = randomUUID();
    const at = now.getTime();
    await this.write(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, claim_token, claimed_at) VALUES (:scope, :key, :fingerprint, :token, :at)
       ON CONFLICT (scope, key) DO NOTHING`,
      { scope, key, fingerprint, token, at },
    );
    let row = await this.find(scope, key);
    if (row && row.claim_token !== token && row.status === null) {
      await this.write(
        `UPDATE idempotency_keys SET fingerprint = :fingerprint, claim_token = :token, claimed_at = :at
         WHERE scope = :scope AND key = :key AND status IS NULL AND claimed_at < :abandoned`,
        { scope, key, fingerprint, token, at, abandoned: abandonedBefore.getTime() },
      );
      row = await this.find(scope, key);
    }
    if (!row || row.claim_token === token) return { outcome: 'claimed' };
    if (row.status === null) return { outcome: 'in-progress', fingerprint: row.fingerprint };
    return { outcome: 'completed', fingerprint: row.fingerprint, answer: { status: Number(row.status), body: row.body === null ? null : JSON.parse(row.body) } };
  }

  async complete(scope: string, key: string, answer: StoredAnswer, now: Date): Promise<void> {
    await this.write('UPDATE idempotency_keys SET status = :status, body = :body, completed_at = :at WHERE scope = :scope AND key = :key', {
      scope,
      key,
      status: answer.status,
      body: answer.body === undefined ? null : JSON.stringify(answer.body),
      at: now.getTime(),
    });
  }

  async release(scope: string, key: string): Promise<void> {
    await this.write('DELETE FROM idempotency_keys WHERE scope = :scope AND key = :key AND status IS NULL', { scope, key });
  }

  async purge(before: Date, limit: number): Promise<number> {
    const [expired] = await this.db.read([
      this.db.sql('SELECT COUNT(*) AS n FROM (SELECT 1 FROM idempotency_keys WHERE claimed_at < :before LIMIT :limit) e', { before: before.getTime(), limit }),
    ]);
    await this.write(
      `DELETE FROM idempotency_keys WHERE (scope, key) IN
       (SELECT scope, key FROM idempotency_keys WHERE claimed_at < :before ORDER BY claimed_at LIMIT :limit)`,
      { before: before.getTime(), limit },
    );
    return Number(expired.rows[0]?.[0] ?? 0);
  }

  private async find(scope: string, key: string): Promise<KeyRow | null> {
    // On the writer when a transaction is open (it is not here); the committed row otherwise.
    const [table] = await this.db.read([
      this.db.sql('SELECT fingerprint, claim_token, status, body FROM idempotency_keys WHERE scope = :scope AND key = :key', { scope, key }),
    ]);
    const values = table.rows[0];
    if (!values) return null;
    return Object.fromEntries(table.columns.map((column, i) => [column, values[i]])) as unknown as KeyRow;
  }

  private async write(text: string, parameters: NamedParameters): Promise<void> {
    const query = this.db.sql(text, parameters);
    await this.db.run((manager) => manager.query(query.sql, query.parameters));
  }
}
