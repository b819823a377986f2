import { inject, injectable } from 'inversify';
import { ProfileReader } from '../../../../application/person/person.ports';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { Role } from '../../../../domain/organisation/membership';
import { TypeOrmDatabase } from '../database';
import { forHydration } from '../sql';
import { PersonMapper } from './person.mapper';
import { PersonRow } from './person.schema';

/**
 * `GET /me/` in one statement (it is asked on every page of a front end):
 * the person's row, then their role, the unique_id and the name of their
 * current organisation (the first membership by date joined, then
 * organisation id; NULLs when they belong to none): not the organisation's
 * whole row, which the profile does not show.
 */
@injectable()
export class TypeOrmProfileReader implements ProfileReader {
  private readonly people: PersonMapper;

  constructor(
    @inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase,
    @inject(SHARED_TOKENS.SecretBox) box: SecretBox,
  ) {
    this.people = new PersonMapper(box);
  }

  async read(personId: string): ReturnType<ProfileReader['read']> {
    const memberships = this.db.tableOf('Membership');
    const query = this.db.sql(
      `SELECT p.*, ms.role AS membership_role, o.unique_id AS organisation_unique_id, o.name AS organisation_name
       FROM ${this.db.tableOf('Person')} p
       LEFT JOIN ${memberships} ms ON ms.person_id = p.id AND ms.organisation_id = (
         SELECT earliest.organisation_id FROM ${memberships} earliest WHERE earliest.person_id = p.id
         ORDER BY earliest.date_joined, earliest.organisation_id LIMIT 1)
       LEFT JOIN ${this.db.tableOf('Organisation')} o ON o.id = ms.organisation_id
       WHERE p.id = :personId`,
      { personId },
    );
    const [table] = await this.db.read([forHydration(query)]);
    if (table.rows.length === 0) return null;
    const [person] = this.db.hydrate<PersonRow>('Person', table);
    const split = table.columns.indexOf('membership_role');
    const [role, uniqueId, name] = table.rows[0].slice(split, split + 3) as [Role | null, string, string];
    return { person: this.people.toDomain(person), current: role === null ? null : { uniqueId, name, role } };
  }
}
