import { inject, injectable } from 'inversify';
import { ProfileReader } from '../../../../application/person/person.ports';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { Role } from '../../../../domain/organisation/membership';
import { TypeOrmDatabase } from '../database';
import { OrganisationMapper } from '../organisation/organisation.mapper';
import { OrganisationRow } from '../organisation/organisation.schema';
import { forHydration } from '../sql';
import { PersonMapper } from './person.mapper';
import { PersonRow } from './person.schema';

/**
 * `GET /me/` in one statement (it is asked on every page of a front end):
 * the person's row, then their role and their current organisation's row
 * (the first membership by date joined, then organisation id; NULLs when
 * they belong to none). The two rows share column names (`id`,
 * `unique_id`, …): each is hydrated from its own side of the role.
 */
@injectable()
export class TypeOrmProfileReader implements ProfileReader {
  private readonly people: PersonMapper;
  private readonly organisations: OrganisationMapper;

  constructor(
    @inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase,
    @inject(SHARED_TOKENS.SecretBox) box: SecretBox,
  ) {
    this.people = new PersonMapper(box);
    this.organisations = new OrganisationMapper(box);
  }

  async read(personId: string): ReturnType<ProfileReader['read']> {
    const memberships = this.db.tableOf('Membership');
    const query = this.db.sql(
      `SELECT p.*, ms.role AS membership_role, o.* FROM ${this.db.tableOf('Person')} p
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
    const values = table.rows[0];
    const role = values[split] as Role | null;
    if (role === null) return { person: this.people.toDomain(person), current: null };
    const [organisation] = this.db.hydrate<OrganisationRow>('Organisation', table, split + 1);
    return { person: this.people.toDomain(person), current: { organisation: this.organisations.toDomain(organisation), role } };
  }
}
