import { inject, injectable } from 'inversify';
import { AccountErasure, OwnedOrganisation } from '../../../../application/person/personal-data.ports';
import { emailKey } from '../../../../domain/person/email-address';
import { NamedParameters, TypeOrmDatabase } from '../engine';

/** Tries at checkpointing between the writer's transactions, 10 ms apart: a busy writer is busy for milliseconds. */
const CHECKPOINT_ATTEMPTS = 100;

/**
 * Erasing an account in SQL, in the use case's transaction: what belongs to
 * the person alone. An organisation that goes with its owner is deleted as a
 * closed one is (`ClosedOrganisationPurge`); the person's row itself is the
 * repository's, kept as a tombstone.
 */
@injectable()
export class TypeOrmAccountErasure implements AccountErasure {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  /**
   * On Postgres the organisations are locked `FOR UPDATE` before their members
   * are counted: that conflicts with the key-share lock a new membership's key
   * takes on its organisation, so a member joining meanwhile is either counted
   * (committed first) or waits for the erasure. SQLite runs one write at a time.
   */
  async ownedOrganisations(personId: string): Promise<OwnedOrganisation[]> {
    const [owned] = await this.db.select([this.db.sql("SELECT organisation_id FROM memberships WHERE person_id = :personId AND role = 'owner'", { personId })]);
    const ids = owned.map((row) => String(row.organisation_id));
    if (ids.length === 0) return [];
    if (this.db.dialect === 'postgres') await this.db.select([this.db.sql('SELECT id FROM organisations WHERE id IN (:...ids) ORDER BY id FOR UPDATE', { ids })]);
    const [rows] = await this.db.select([
      this.db.sql(
        `SELECT o.id, o.name, (SELECT COUNT(*) FROM memberships others WHERE others.organisation_id = o.id AND others.person_id <> :personId) AS others
         FROM organisations o WHERE o.id IN (:...ids) ORDER BY o.name`,
        { personId, ids },
      ),
    ]);
    return rows.map((row) => ({ id: String(row.id), name: String(row.name), otherMembers: Number(row.others) }));
  }

  async eraseBelongings(personId: string, email: string): Promise<void> {
    const key = emailKey(email);
    const statements: [string, NamedParameters][] = [
      ['DELETE FROM sessions WHERE person_id = :personId', { personId }],
      ['DELETE FROM credentials WHERE person_id = :personId', { personId }],
      ['DELETE FROM api_keys WHERE created_by_id = :personId', { personId }],
      ['DELETE FROM invitations WHERE invited_by_id = :personId OR accepted_by_id = :personId OR email_key = :key OR email = :email', { personId, key, email }],
      ['DELETE FROM notification_preferences WHERE person_id = :personId', { personId }],
      ['DELETE FROM notification_deliveries WHERE person_id = :personId', { personId }],
      ['DELETE FROM memberships WHERE person_id = :personId', { personId }],
      ['DELETE FROM email_collisions WHERE person_id = :personId OR kept_by_person_id = :personId', { personId }],
      // Answers stored for their requests (sealed, and short-lived).
      ['DELETE FROM idempotency_keys WHERE scope LIKE :scope', { scope: `${personId} %` }],
    ];
    for (const [text, parameters] of statements) await this.write(text, parameters);
  }

  /**
   * SQLite writes changed pages to its write-ahead log, which keeps the pages'
   * earlier versions until a checkpoint: a truncating one copies the log into
   * the database (whose freed space `secure_delete` zeroes) and empties it.
   * It waits for the writer to be between transactions; should it never be
   * (a second or so of constant writes), SQLite's own checkpoints overwrite
   * the old pages later. Postgres needs nothing here (see personal-data.md).
   */
  async forgetErased(): Promise<void> {
    for (let attempt = 0; attempt < CHECKPOINT_ATTEMPTS; attempt += 1) {
      if (this.db.checkpoint()) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private async write(text: string, parameters: NamedParameters): Promise<void> {
    await this.db.execute(this.db.sql(text, parameters));
  }
}
