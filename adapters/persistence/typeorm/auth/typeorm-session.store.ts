import { inject, injectable } from 'inversify';
import { LessThan, Not } from 'typeorm';
import { ActiveSession, MAX_SESSIONS_PER_PERSON, SessionStore, StartedSession } from '../../../../application/auth/auth.ports';
import { Preread, Prereads } from '../../../../application/shared/preread';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { newToken, tokenHash } from '../../../security/tokens';
import { TypeOrmPrereads } from './prereads';
import { TypeOrmDatabase } from '../engine';
import { SessionRow } from '../person/person.schema';

export const SESSION_LIFETIME = Symbol.for('SessionLifetimeSeconds');

/** Sessions in the database; the table holds only a SHA-256 of each token. */
@injectable()
export class TypeOrmSessionStore implements SessionStore {
  private readonly prereads: TypeOrmPrereads;

  constructor(
    @inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase,
    @inject(SESSION_LIFETIME) private readonly lifetimeSeconds: number,
    @inject(SHARED_TOKENS.SecretBox) box: SecretBox,
  ) {
    this.prereads = new TypeOrmPrereads(db, box);
  }

  async start(personId: string, now: Date): Promise<StartedSession> {
    const token = newToken();
    const csrfToken = newToken();
    const expiresAt = new Date(now.getTime() + this.lifetimeSeconds * 1000);
    const hash = tokenHash(token);
    const table = this.db.tableOf('Session');
    const overflow = this.db.sql(
      `DELETE FROM ${table} WHERE person_id = :personId AND token_hash <> :hash AND token_hash NOT IN ` +
        `(SELECT token_hash FROM ${table} WHERE person_id = :personId AND token_hash <> :hash ORDER BY created_at DESC LIMIT :keep)`,
      { personId, hash, keep: MAX_SESSIONS_PER_PERSON - 1 },
    );
    await this.db.run(async (m) => {
      const sessions = m.getRepository<SessionRow>('Session');
      await sessions.delete({ person_id: personId, expires_at: LessThan(now) });
      await sessions.insert({ token_hash: hash, person_id: personId, csrf_token: csrfToken, created_at: now, expires_at: expiresAt });
      await m.query(overflow.sql, overflow.parameters);
    });
    return { token, csrfToken, expiresAt };
  }

  /** With `preread`, the session and what the request reads first in one statement (on every cookie request). */
  async resolve(token: string, now: Date, preread?: Preread): Promise<(ActiveSession & { prereads?: Prereads }) | null> {
    const hash = tokenHash(token);
    const found = preread
      ? await this.prereads.read<SessionRow>('Session', 'who.token_hash = :hash', { hash }, preread)
      : { row: await this.db.findOneBy<SessionRow>('Session', { token_hash: hash }), prereads: undefined };
    const row = found?.row;
    if (!row || row.expires_at.getTime() <= now.getTime()) return null;
    return { personId: row.person_id, csrfToken: row.csrf_token, expiresAt: row.expires_at, prereads: found.prereads };
  }

  async end(token: string): Promise<void> {
    await this.db.run((m) => m.getRepository<SessionRow>('Session').delete({ token_hash: tokenHash(token) }));
  }

  async endAllFor(personId: string, keepToken?: string): Promise<void> {
    await this.db.run((m) =>
      m
        .getRepository<SessionRow>('Session')
        .delete(keepToken ? { person_id: personId, token_hash: Not(tokenHash(keepToken)) } : { person_id: personId }),
    );
  }
}
