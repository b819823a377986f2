import { inject, injectable } from 'inversify';
import { CredentialRepository } from '../../../../application/auth/auth.ports';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { Preread, Prereads } from '../../../../application/shared/preread';
import { TypeOrmPrereads } from './prereads';
import { TypeOrmDatabase } from '../engine';
import { CredentialRow } from '../person/person.schema';

@injectable()
export class TypeOrmCredentialRepository implements CredentialRepository {
  private readonly prereads: TypeOrmPrereads;

  constructor(
    @inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase,
    @inject(SHARED_TOKENS.SecretBox) box: SecretBox,
  ) {
    this.prereads = new TypeOrmPrereads(db, box);
  }

  /** A lean read (the read connection on SQLite): Basic authentication asks it on every request. */
  async findPasswordHash(personId: string): Promise<string | null> {
    const row = await this.db.findOneBy<CredentialRow>('Credential', { person_id: personId });
    return row?.password_hash ?? null;
  }

  /** The stored hash and what the request reads first, in one statement (Basic authentication, on every request). */
  async findPasswordHashWith(personId: string, preread: Preread): Promise<{ passwordHash: string | null; prereads: Prereads }> {
    const found = await this.prereads.read<CredentialRow>('Credential', 'who.person_id = :personId', { personId }, preread);
    return found ? { passwordHash: found.row.password_hash, prereads: found.prereads } : { passwordHash: null, prereads: {} };
  }

  async setPasswordHash(personId: string, hash: string, now: Date): Promise<void> {
    await this.db.run((m) =>
      m.getRepository<CredentialRow>('Credential').save({ person_id: personId, password_hash: hash, password_changed_at: now }),
    );
  }

  async replacePasswordHash(personId: string, current: string, replacement: string): Promise<void> {
    await this.db.run((m) =>
      m.getRepository<CredentialRow>('Credential').update({ person_id: personId, password_hash: current }, { password_hash: replacement }),
    );
  }
}
