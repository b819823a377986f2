import { Preread, Prereads } from '../../../../application/shared/preread';
import { SecretBox } from '../../../../application/shared/ports';
import { forHydration, NamedParameters, TypeOrmDatabase } from '../engine';
import { Person } from '../../../../domain/person/person';
import { PERSON_DECLARATION } from '../../../declaration/person/person.declaration';
import { DeclaredMapper } from '../declared/declared-mapper';
import {
  memberOrganisationColumns,
  memberOrganisationJoins,
  memberOrganisationOf,
  OrganisationMapper,
  organisationMapper,
} from '../organisation/typeorm-organisation.repository';
import { PROFILE_COLUMNS, profileJoins, profileOf } from '../person/typeorm-profile.reader';

/** A statement's text, and where what is read along starts in its columns. */
interface Statement {
  text: string;
  from: number;
}

/**
 * The row that authenticates a request (the caller's credential, session or
 * API key, `who`) and what the request reads first (`Preread`), in one statement: the
 * organisation of its path with the caller's membership, as
 * `findForMember` reads it, or the caller's profile, as `ProfileReader` does.
 */
export class TypeOrmPrereads {
  private readonly organisations: OrganisationMapper;
  private readonly people: DeclaredMapper<Person>;
  /**
   * Each statement's text and where what is read along starts in its columns, made once: found by the
   * condition, a constant of each caller's (whose hash V8 keeps), rather than by a key made afresh each request.
   */
  private readonly statements = new Map<string, { entity: string; person: string; only?: readonly string[]; organisation?: Statement; profile?: Statement }>();

  constructor(
    private readonly db: TypeOrmDatabase,
    box: SecretBox,
  ) {
    this.organisations = organisationMapper(box);
    this.people = new DeclaredMapper<Person>(PERSON_DECLARATION, box);
  }

  /**
   * The row of `entity` that `where` finds (the first, should there be several), with what `preread` names for the
   * person its column `person` names; null without that row. `where` is a constant of the caller's. With `columns`,
   * only those of the row are read (the others are undefined).
   */
  async read<Row>(
    entity: 'Credential' | 'Session' | 'ApiKey',
    where: string,
    parameters: NamedParameters,
    preread: Preread,
    options: { person?: string; columns?: readonly string[] } = {},
  ): Promise<{ row: Row; prereads: Prereads } | null> {
    const ofOrganisation = 'organisation' in preread;
    const { text, from } = this.statementOf(entity, where, ofOrganisation, options.person ?? 'person_id', options.columns);
    const query = this.db.sql(text, ofOrganisation ? Object.assign({ uniqueId: preread.organisation }, parameters) : parameters);
    const [table] = await this.db.read([forHydration(query)]);
    if (table.rows.length === 0) return null;
    const [row] = this.db.hydrate<Row>(entity, table);
    const prereads: Prereads = ofOrganisation
      ? { organisation: { uniqueId: preread.organisation, found: memberOrganisationOf(this.db, this.organisations, table, from) } }
      : { profile: profileOf(this.db, this.people, table, from) };
    return { row, prereads };
  }

  /** The statement: the authenticating row's columns first (`who`), then what is read along. */
  private statementOf(entity: string, where: string, ofOrganisation: boolean, person: string, only: readonly string[] | undefined): Statement {
    let made = this.statements.get(where);
    if (made === undefined) this.statements.set(where, (made = { entity, person, only }));
    else if (made.entity !== entity || made.person !== person || made.only !== only) throw new Error(`One condition read for two rows: ${where}`);
    let statement = ofOrganisation ? made.organisation : made.profile;
    if (statement === undefined) {
      const columns = only ?? this.db.columnsOf(entity);
      const who = columns.map((column) => `who."${column}"`).join(', ');
      const driving = `FROM ${this.db.tableOf(entity)} who`;
      const text = ofOrganisation
        ? `SELECT ${who}, ${memberOrganisationColumns} ${driving}
           LEFT JOIN ${this.db.tableOf('Organisation')} o ON o.unique_id = :uniqueId ${memberOrganisationJoins(this.db, `who.${person}`)}
           WHERE ${where}`
        : `SELECT ${who}, ${PROFILE_COLUMNS} ${driving}
           LEFT JOIN ${this.db.tableOf('Person')} p ON p.id = who.${person} ${profileJoins(this.db)}
           WHERE ${where}`;
      statement = { text, from: columns.length };
      if (ofOrganisation) made.organisation = statement;
      else made.profile = statement;
    }
    return statement;
  }
}
