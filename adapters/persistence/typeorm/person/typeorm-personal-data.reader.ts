import { inject, injectable } from 'inversify';
import { ExportPiece, PersonalDataReader } from '../../../../application/person/personal-data.ports';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { DECLARED_RESOURCES } from '../../../declaration/declared-resources';
import { DeclaredField } from '../../../declaration/declared-field';
import { columnOf, ResourceDeclaration, storedFields } from '../../../declaration/resource-declaration';
import { NamedParameters, TypeOrmDatabase } from '../engine';
import { DeclaredMapper, DeclaredRow } from '../declared/declared-mapper';
import { entityOf } from '../declared/declared-table';

/** Rows read at once: an export holds a page of one table in memory, never the whole. */
const PAGE = 200;

type Row = Record<string, unknown>;

/** A declared resource whose records may name people, with the columns that do. */
interface NamingTable {
  declaration: ResourceDeclaration;
  columns: string[];
  mapper: DeclaredMapper<{ snapshot(): object }>;
}

/**
 * A person's data, read page by page (keyset on each table's id). The
 * records naming them are found through the declarations: every `person`
 * field of every declared resource, so that a new resource's are exported
 * without a line here.
 */
@injectable()
export class TypeOrmPersonalDataReader implements PersonalDataReader {
  private readonly naming: NamingTable[];

  constructor(
    @inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase,
    @inject(SHARED_TOKENS.SecretBox) box: SecretBox,
  ) {
    this.naming = DECLARED_RESOURCES.flatMap((declaration) => {
      const columns = storedFields(declaration).filter(namesPerson).map(columnOf);
      return columns.length === 0 ? [] : [{ declaration, columns, mapper: new DeclaredMapper<{ snapshot(): object }>(declaration, box) }];
    });
  }

  async *read(personId: string): AsyncIterable<ExportPiece> {
    for await (const row of this.pages('m.organisation_id', `SELECT m.organisation_id, o.unique_id, o.name, m.role, m.date_joined FROM memberships m JOIN organisations o ON o.id = m.organisation_id WHERE m.person_id = :personId`, { personId })) {
      yield { section: 'memberships', item: { organisation: String(row.unique_id), name: String(row.name), role: String(row.role), dateJoined: dateOf(row.date_joined) } };
    }
    const organisations = new Map<string, string>();
    for (const table of this.naming) {
      const entity = entityOf(table.declaration);
      const named = table.columns.map((column) => `r.${column} = :personId`).join(' OR ');
      let after = '';
      for (;;) {
        const rows = await this.db.selectRows<DeclaredRow>(
          entity,
          this.db.sql(`SELECT r.* FROM ${table.declaration.table} r WHERE (${named}) AND r.id > :after ORDER BY r.id LIMIT ${PAGE}`, { personId, after }),
        );
        for (const row of rows) {
          const organisationUniqueId = await this.organisationUniqueId(organisations, String(row.organisation_id));
          yield { section: 'records', item: { model: table.declaration.names.one, organisationUniqueId, record: table.mapper.toDomain(row) } };
        }
        if (rows.length < PAGE) break;
        after = String(rows[rows.length - 1].id);
      }
    }
    for await (const row of this.pages(
      'i.id',
      'SELECT i.id, o.unique_id AS organisation, i.unique_id, i.resource, i.mode, i.dry_run, i.status, i.row_count, i.created_count, i.updated_count, i.unchanged_count, i.invalid_count, i.date_created FROM imports i LEFT JOIN organisations o ON o.id = i.organisation_id WHERE i.created_by_id = :personId',
      { personId },
    )) {
      yield {
        section: 'imports',
        item: {
          organisation: nullableText(row.organisation),
          uniqueId: String(row.unique_id),
          resource: String(row.resource),
          mode: String(row.mode),
          dryRun: Number(row.dry_run) === 1,
          status: String(row.status),
          rows: Number(row.row_count),
          created: Number(row.created_count),
          updated: Number(row.updated_count),
          unchanged: Number(row.unchanged_count),
          invalid: Number(row.invalid_count),
          dateCreated: new Date(Number(row.date_created)),
        },
      };
    }
    for await (const row of this.pages('h.id', 'SELECT h.id, o.unique_id AS organisation, h.model, h.record_unique_id, h.action, h.at, h.changes FROM history h LEFT JOIN organisations o ON o.id = h.organisation_id WHERE h.actor_id = :personId', { personId })) {
      yield {
        section: 'history',
        item: { organisation: nullableText(row.organisation), model: String(row.model), record: String(row.record_unique_id), action: String(row.action), at: new Date(Number(row.at)), changes: JSON.parse(String(row.changes)) },
      };
    }
    for await (const row of this.pages('s.token_hash', 'SELECT s.token_hash, s.created_at, s.expires_at FROM sessions s WHERE s.person_id = :personId', { personId })) {
      yield { section: 'sessions', item: { createdAt: dateOf(row.created_at), expiresAt: dateOf(row.expires_at) } };
    }
    for await (const row of this.pages('p.person_id', 'SELECT p.person_id, p.digest, p.kinds_off, p.last_updated FROM notification_preferences p WHERE p.person_id = :personId', { personId })) {
      yield { section: 'notification_preferences', item: { digest: String(row.digest), kindsOff: JSON.parse(String(row.kinds_off)), lastUpdated: new Date(Number(row.last_updated)) } };
    }
    for await (const row of this.pages(
      'd.id',
      'SELECT d.id, o.unique_id AS organisation, d.kind, d.record_unique_id, d.state, d.attempts, d.created_at, d.sent_at FROM notification_deliveries d LEFT JOIN organisations o ON o.id = d.organisation_id WHERE d.person_id = :personId',
      { personId },
    )) {
      yield {
        section: 'notification_deliveries',
        item: {
          organisation: nullableText(row.organisation),
          kind: String(row.kind),
          record: String(row.record_unique_id),
          status: String(row.state),
          attempts: Number(row.attempts),
          createdAt: new Date(Number(row.created_at)),
          sentAt: row.sent_at === null ? null : new Date(Number(row.sent_at)),
        },
      };
    }
  }

  /** The rows of `query` (a SELECT with a WHERE, its first column `key`), a page at a time in the order of `key`. */
  private async *pages(key: string, query: string, parameters: NamedParameters): AsyncIterable<Row> {
    let after: string | null = null;
    for (;;) {
      const [rows] = await this.db.select([
        this.db.sql(`${query}${after === null ? '' : ` AND ${key} > :after`} ORDER BY ${key} LIMIT ${PAGE}`, { ...parameters, ...(after === null ? {} : { after }) }),
      ]);
      yield* rows;
      if (rows.length < PAGE) return;
      after = String(Object.values(rows[rows.length - 1])[0]);
    }
  }

  private async organisationUniqueId(known: Map<string, string>, id: string): Promise<string> {
    let uniqueId = known.get(id);
    if (uniqueId === undefined) {
      const [rows] = await this.db.select([this.db.sql('SELECT unique_id FROM organisations WHERE id = :id', { id })]);
      uniqueId = String(rows[0]?.unique_id ?? '');
      known.set(id, uniqueId);
    }
    return uniqueId;
  }
}

/** A stored field that holds a person's key: a person field, or a reference to the people's table (an expense's employee). */
function namesPerson(field: DeclaredField): boolean {
  return field.type.type === 'person' || (field.type.type === 'reference' && field.type.table === 'persons');
}

/** A timestamp column's value: a Date from Postgres, UTC text without a zone from SQLite. */
function dateOf(value: unknown): Date {
  if (value instanceof Date) return value;
  const text = String(value);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}

function nullableText(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}
