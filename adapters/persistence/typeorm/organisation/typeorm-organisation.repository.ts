import { inject, injectable } from 'inversify';
import { In } from 'typeorm';
import { CurrentOrganisation, MemberOrganisation, MembershipRepository, OrganisationRepository } from '../../../../application/organisation/organisation.ports';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { Membership, Role } from '../../../../domain/organisation/membership';
import { Organisation } from '../../../../domain/organisation/organisation';
import { fullNameOf } from '../../../../domain/person/person';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { forHydration, isUniqueViolation, ResultTable, TypeOrmDatabase } from '../engine';
import { ORGANISATION_DECLARATION } from '../../../declaration/organisation/organisation.declaration';
import { DeclaredMapper, DeclaredRow as OrganisationRow } from '../declared/declared-mapper';
import { MembershipRow } from './organisation.schema';

/** The organisation's mapper, which its declaration makes. */
export type OrganisationMapper = DeclaredMapper<Organisation>;

export const organisationMapper = (box: SecretBox): OrganisationMapper => new DeclaredMapper<Organisation>(ORGANISATION_DECLARATION, box);

@injectable()
export class TypeOrmOrganisationRepository implements OrganisationRepository {
  private readonly mapper: OrganisationMapper;

  constructor(
    @inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase,
    @inject(SHARED_TOKENS.SecretBox) box: SecretBox,
  ) {
    this.mapper = organisationMapper(box);
  }

  async findById(id: string): Promise<Organisation | null> {
    const row = await this.db.findOneBy<OrganisationRow>('Organisation', { id });
    return row ? this.mapper.toDomain(row) : null;
  }

  async findByUniqueId(uniqueId: string, options: { forUpdate?: boolean } = {}): Promise<Organisation | null> {
    const row = await this.db.findOneBy<OrganisationRow>('Organisation', { unique_id: uniqueId }, options);
    return row ? this.mapper.toDomain(row) : null;
  }

  async listForPerson(personId: string): Promise<Organisation[]> {
    const rows = await this.db.run((m) =>
      m
        .getRepository<OrganisationRow>('Organisation')
        .createQueryBuilder('o')
        .innerJoin('memberships', 'ms', 'ms.organisation_id = o.id')
        .where('ms.person_id = :personId', { personId })
        .orderBy('ms.date_joined', 'ASC')
        .addOrderBy('o.id', 'ASC')
        .getMany(),
    );
    return rows.map((row) => this.mapper.toDomain(row));
  }

  /**
   * One lean read (every organisation-scoped request asks it): the organisation with the person's membership
   * row, if any, the member's name, and whether any webhook endpoint is active (an index probe).
   */
  async findForMember(uniqueId: string, personId: string): Promise<MemberOrganisation | null> {
    const query = this.db.sql(
      `SELECT ${memberOrganisationColumns} FROM ${this.db.tableOf('Organisation')} o ${memberOrganisationJoins(this.db, ':personId')}
       WHERE o.unique_id = :uniqueId`,
      { uniqueId, personId },
    );
    const [table] = await this.db.read([forHydration(query)]);
    return table.rows.length === 0 ? null : memberOrganisationOf(this.db, this.mapper, table, 0);
  }

  /** One lean read (the profile asks it on every `/me/`): the first membership joined with its organisation. */
  async firstForPerson(personId: string): Promise<CurrentOrganisation | null> {
    const query = this.db.sql(
      `SELECT ms.role AS membership_role, o.* FROM memberships ms JOIN ${this.db.tableOf('Organisation')} o ON o.id = ms.organisation_id
       WHERE ms.person_id = :personId AND o.closing_at IS NULL ORDER BY ms.date_joined, ms.organisation_id LIMIT 1`,
      { personId },
    );
    const [table] = await this.db.read([forHydration(query)]);
    if (table.rows.length === 0) return null;
    const [row] = this.db.hydrate<OrganisationRow>('Organisation', table);
    return { organisation: this.mapper.toDomain(row), role: table.rows[0][table.columns.indexOf('membership_role')] as Role };
  }

  existsWithUniqueId(uniqueId: string): Promise<boolean> {
    return this.db.run((m) => m.getRepository<OrganisationRow>('Organisation').existsBy({ unique_id: uniqueId }));
  }

  async save(organisation: Organisation): Promise<void> {
    try {
      await this.db.upsert('Organisation', this.mapper.toPersistence(organisation));
    } catch (error) {
      if (isUniqueViolation(error, 'unique_id')) {
        throw ValidationFailed.field('unique_id', 'organisation with this unique id already exists.');
      }
      throw error;
    }
  }
}

@injectable()
export class TypeOrmMembershipRepository implements MembershipRepository {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async find(organisationId: string, personId: string): Promise<Membership | null> {
    const row = await this.db.findOneBy<MembershipRow>('Membership', { organisation_id: organisationId, person_id: personId });
    return row ? toMembership(row) : null;
  }

  async listForPerson(personId: string): Promise<Membership[]> {
    const rows = await this.db.findBy<MembershipRow>('Membership', { person_id: personId }, ['date_joined', 'organisation_id']);
    return rows.map(toMembership);
  }

  async countByOrganisation(organisationIds: string[]): Promise<Map<string, number>> {
    if (organisationIds.length === 0) return new Map();
    const rows = await this.db.run((m) =>
      m
        .getRepository<MembershipRow>('Membership')
        .createQueryBuilder('ms')
        .select('ms.organisation_id', 'organisation_id')
        .addSelect('COUNT(*)', 'count')
        .where({ organisation_id: In(organisationIds) })
        .groupBy('ms.organisation_id')
        .getRawMany<{ organisation_id: string; count: string | number | bigint }>(),
    );
    return new Map(rows.map((row) => [row.organisation_id, Number(row.count)]));
  }

  async listForOrganisation(organisationId: string): Promise<Membership[]> {
    const rows = await this.db.findBy<MembershipRow>('Membership', { organisation_id: organisationId }, ['date_joined', 'person_id']);
    return rows.map(toMembership);
  }

  async remove(organisationId: string, personId: string): Promise<void> {
    await this.db.run((m) => m.getRepository<MembershipRow>('Membership').delete({ organisation_id: organisationId, person_id: personId }));
  }

  async changeRole(organisationId: string, personId: string, role: Role): Promise<void> {
    await this.db.run((m) => m.getRepository<MembershipRow>('Membership').update({ organisation_id: organisationId, person_id: personId }, { role }));
  }

  async add(membership: Membership): Promise<void> {
    await this.db.run((m) =>
      m.getRepository<MembershipRow>('Membership').insert({
        organisation_id: membership.organisationId,
        person_id: membership.personId,
        role: membership.role,
        date_joined: membership.dateJoined,
      }),
    );
  }
}

function toMembership(row: MembershipRow): Membership {
  return { organisationId: row.organisation_id, personId: row.person_id, role: row.role as Role, dateJoined: row.date_joined };
}

/**
 * What `findForMember` reads, from the organisation `o`: its columns, the membership's, the member's name and
 * whether a webhook endpoint listens. The two tables share no column name: each row hydrates as either.
 */
export const memberOrganisationColumns = `o.*, ms.organisation_id, ms.person_id, ms.role, ms.date_joined,
  p.unique_id AS member_unique_id, p.first_name AS member_first_name, p.last_name AS member_last_name,
  EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.organisation_id = o.id AND w.is_active = 1) AS has_webhook_endpoints`;

/** The joins of `memberOrganisationColumns` onto `o`, for the person whose id `person` is (a parameter or a column). */
export function memberOrganisationJoins(db: TypeOrmDatabase, person: string): string {
  return `LEFT JOIN ${db.tableOf('Membership')} ms ON ms.organisation_id = o.id AND ms.person_id = ${person}
       LEFT JOIN ${db.tableOf('Person')} p ON p.id = ms.person_id`;
}

/** The organisation of a row of `memberOrganisationColumns` read from column `from` on; null when the row has none (a left join). */
export function memberOrganisationOf(db: TypeOrmDatabase, mapper: OrganisationMapper, table: ResultTable, from: number): MemberOrganisation | null {
  const [organisation] = db.hydrate<OrganisationRow>('Organisation', table, from);
  if (organisation.id === null) return null;
  const [membership] = db.hydrate<MembershipRow>('Membership', table, from);
  const [row] = table.rows;
  const column = (name: string) => row[table.columns.indexOf(name, from)];
  const listened = column('has_webhook_endpoints');
  const found: MemberOrganisation = {
    organisation: mapper.toDomain(organisation),
    membership: membership.role === null ? null : toMembership(membership),
    // Postgres answers a boolean, SQLite an integer (a BigInt on these connections).
    hasWebhookEndpoints: listened === true || Number(listened) === 1,
  };
  if (found.membership && column('member_unique_id') !== null) {
    const fullName = fullNameOf(column('member_first_name') as string | null, column('member_last_name') as string | null);
    found.member = { id: membership.person_id, uniqueId: column('member_unique_id') as string, fullName };
  }
  return found;
}
