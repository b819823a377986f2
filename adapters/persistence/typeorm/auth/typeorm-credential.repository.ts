import { inject, injectable } from 'inversify';
import { CredentialRepository } from '../../../../application/auth/auth.ports';
import { TypeOrmDatabase } from '../database';
import { CredentialRow } from '../person/person.schema';

@injectable()
export class TypeOrmCredentialRepository implements CredentialRepository {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  /** A lean read (the read connection on SQLite): Basic authentication asks it on every request. */
  async findPasswordHash(personId: string): Promise<string | null> {
    const row = await this.db.findOneBy<CredentialRow>('Credential', { person_id: personId });
    return row?.password_hash ?? null;
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
