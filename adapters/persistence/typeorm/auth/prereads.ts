import { Preread, Prereads } from '../../../../application/shared/preread';
import { SecretBox } from '../../../../application/shared/ports';
import { TypeOrmDatabase } from '../database';
import { OrganisationMapper } from '../organisation/organisation.mapper';
import { memberOrganisationColumns, memberOrganisationJoins, memberOrganisationOf } from '../organisation/typeorm-organisation.repository';
import { PersonMapper } from '../person/person.mapper';
import { PROFILE_COLUMNS, profileJoins, profileOf } from '../person/typeorm-profile.reader';
import { forHydration, NamedParameters } from '../sql';

/**
 * The row that authenticates a request (the caller's credential or session,
 * `who`) and what the request reads first (`Preread`), in one statement: the
 * organisation of its path with the caller's membership, as
 * `findForMember` reads it, or the caller's profile, as `ProfileReader` does.
 */
export class TypeOrmPrereads {
  private readonly organisations: OrganisationMapper;
  private readonly people: PersonMapper;

  constructor(
    private readonly db: TypeOrmDatabase,
    box: SecretBox,
  ) {
    this.organisations = new OrganisationMapper(box);
    this.people = new PersonMapper(box);
  }

  /** The row of `entity` that `where` finds, with what `preread` names; null without that row. */
  async read<Row>(entity: 'Credential' | 'Session', where: string, parameters: NamedParameters, preread: Preread): Promise<{ row: Row; prereads: Prereads } | null> {
    const columns = this.db.columnsOf(entity);
    const who = columns.map((column) => `who."${column}"`).join(', ');
    const driving = `FROM ${this.db.tableOf(entity)} who`;
    const query =
      'organisation' in preread
        ? this.db.sql(
            `SELECT ${who}, ${memberOrganisationColumns} ${driving}
             LEFT JOIN ${this.db.tableOf('Organisation')} o ON o.unique_id = :uniqueId ${memberOrganisationJoins(this.db, 'who.person_id')}
             WHERE ${where}`,
            { ...parameters, uniqueId: preread.organisation },
          )
        : this.db.sql(
            `SELECT ${who}, ${PROFILE_COLUMNS} ${driving}
             LEFT JOIN ${this.db.tableOf('Person')} p ON p.id = who.person_id ${profileJoins(this.db)}
             WHERE ${where}`,
            parameters,
          );
    const [table] = await this.db.read([forHydration(query)]);
    if (table.rows.length === 0) return null;
    const [row] = this.db.hydrate<Row>(entity, table);
    const from = columns.length;
    const prereads: Prereads =
      'organisation' in preread
        ? { organisation: { uniqueId: preread.organisation, found: memberOrganisationOf(this.db, this.organisations, table, from) } }
        : { profile: profileOf(this.db, this.people, table, from) };
    return { row, prereads };
  }
}
