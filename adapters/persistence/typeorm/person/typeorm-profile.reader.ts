import { inject, injectable } from 'inversify';
import { Profile, ProfileReader } from '../../../../application/person/person.ports';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { Role } from '../../../../domain/organisation/membership';
import { forHydration, ResultTable, TypeOrmDatabase } from '../engine';
import { Person } from '../../../../domain/person/person';
import { PERSON_DECLARATION } from '../../../declaration/person/person.declaration';
import { DeclaredMapper, DeclaredRow } from '../declared/declared-mapper';

/**
 * `GET /me/` in one statement (it is asked on every page of a front end):
 * the person's row, then their role, the unique_id and the name of their
 * current organisation (the first membership by date joined, then
 * organisation id; NULLs when they belong to none): not the organisation's
 * whole row, which the profile does not show.
 */
@injectable()
export class TypeOrmProfileReader implements ProfileReader {
  private readonly people: DeclaredMapper<Person>;

  constructor(
    @inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase,
    @inject(SHARED_TOKENS.SecretBox) box: SecretBox,
  ) {
    this.people = new DeclaredMapper<Person>(PERSON_DECLARATION, box);
  }

  async read(personId: string): Promise<Profile | null> {
    const query = this.db.sql(`SELECT ${PROFILE_COLUMNS} FROM ${this.db.tableOf('Person')} p ${profileJoins(this.db)} WHERE p.id = :personId`, { personId });
    const [table] = await this.db.read([forHydration(query)]);
    return table.rows.length === 0 ? null : profileOf(this.db, this.people, table, 0);
  }
}

/** What the profile reads, from the person `p`: their row, then their role and the unique_id and name of their current organisation. */
export const PROFILE_COLUMNS = 'p.*, ms.role AS membership_role, o.unique_id AS organisation_unique_id, o.name AS organisation_name';

/**
 * The joins of `PROFILE_COLUMNS` onto `p`: the first membership by date joined, then organisation id, of an
 * organisation that is not closing (NULLs for none).
 */
export function profileJoins(db: TypeOrmDatabase): string {
  const memberships = db.tableOf('Membership');
  const organisations = db.tableOf('Organisation');
  return `LEFT JOIN ${memberships} ms ON ms.person_id = p.id AND ms.organisation_id = (
         SELECT earliest.organisation_id FROM ${memberships} earliest JOIN ${organisations} eo ON eo.id = earliest.organisation_id
         WHERE earliest.person_id = p.id AND eo.closing_at IS NULL
         ORDER BY earliest.date_joined, earliest.organisation_id LIMIT 1)
       LEFT JOIN ${organisations} o ON o.id = ms.organisation_id`;
}

/** The profile of a row of `PROFILE_COLUMNS` read from column `from` on; null when the row has no person (a left join). */
export function profileOf(db: TypeOrmDatabase, people: DeclaredMapper<Person>, table: ResultTable, from: number): Profile | null {
  const [person] = db.hydrate<DeclaredRow>('Person', table, from);
  if (person.id === null) return null;
  const split = table.columns.indexOf('membership_role', from);
  const [role, uniqueId, name] = table.rows[0].slice(split, split + 3) as [Role | null, string, string];
  return { person: people.toDomain(person), current: role === null ? null : { uniqueId, name, role } };
}
