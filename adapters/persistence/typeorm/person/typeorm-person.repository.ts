import { inject, injectable } from 'inversify';
import { PersonRepository } from '../../../../application/person/person.ports';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { Person } from '../../../../domain/person/person';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { isUniqueViolation, TypeOrmDatabase } from '../engine';
import { emailKey } from '../../../../domain/person/email-address';
import { PERSON_DECLARATION } from '../../../declaration/person/person.declaration';
import { DeclaredMapper, DeclaredRow as PersonRow } from '../declared/declared-mapper';

@injectable()
export class TypeOrmPersonRepository implements PersonRepository {
  private readonly mapper: DeclaredMapper<Person>;

  constructor(
    @inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase,
    @inject(SHARED_TOKENS.SecretBox) box: SecretBox,
  ) {
    this.mapper = new DeclaredMapper<Person>(PERSON_DECLARATION, box);
  }

  findById(id: string, options: { forUpdate?: boolean } = {}): Promise<Person | null> {
    return this.findOne({ id }, options);
  }

  async findByIds(ids: string[]): Promise<Person[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.findBy<PersonRow>('Person', { id: ids });
    return rows.map((row) => this.mapper.toDomain(row));
  }

  findByUniqueId(uniqueId: string): Promise<Person | null> {
    return this.findOne({ unique_id: uniqueId });
  }

  findByEmail(email: string): Promise<Person | null> {
    return this.findOne({ email_key: emailKey(email) });
  }

  async findMemberByUniqueId(organisationId: string, uniqueId: string): Promise<Person | null> {
    const row = await this.db.run((m) =>
      m
        .getRepository<PersonRow>('Person')
        .createQueryBuilder('p')
        .innerJoin('memberships', 'ms', 'ms.person_id = p.id AND ms.organisation_id = :organisationId', { organisationId })
        .where('p.unique_id = :uniqueId', { uniqueId })
        .getOne(),
    );
    return row ? this.mapper.toDomain(row) : null;
  }

  async existsWithUniqueId(uniqueId: string): Promise<boolean> {
    return this.db.run((m) => m.getRepository<PersonRow>('Person').existsBy({ unique_id: uniqueId }));
  }

  async save(person: Person): Promise<void> {
    try {
      // In a Postgres transaction the write is held back and sent with what follows it, its COMMIT at the latest
      // (one round trip for a profile's edit): its failure then reaches that, already read as `writeError`.
      await this.db.upsert('Person', this.mapper.toPersistence(person), null, writeError);
    } catch (error) {
      throw writeError(error);
    }
  }

  private async findOne(where: Partial<PersonRow>, options: { forUpdate?: boolean } = {}): Promise<Person | null> {
    const row = await this.db.findOneBy<PersonRow>('Person', where, options);
    return row ? this.mapper.toDomain(row) : null;
  }
}

/** A constraint failure of a person's write, as the API's error. */
function writeError(error: unknown): unknown {
  return isUniqueViolation(error, 'email') ? ValidationFailed.field('email', 'A user with that email already exists.') : error;
}
