import { EntityManager, FindOptionsWhere, Repository, SelectQueryBuilder } from 'typeorm';
import { offsetOf, Page, PageRequest } from '../../../application/shared/page';
import { duplicateUniqueId } from '../../../application/shared/records';
import { ConcurrentModification, InUse } from '../../../domain/shared/errors';
import { ValidationFailed } from '../../../domain/shared/errors';
import { searchTerm } from '../search-key';
import { isForeignKeyViolation, isUniqueViolation, TypeOrmDatabase } from './database';

/** The columns every organisation-scoped table has. */
export interface OrganisationScopedRow {
  id: string;
  organisation_id: string;
  unique_id: string;
}

/** What a list sorts by: a column of alias `r`; nullable ones place nulls as Postgres does (last ascending). */
export interface SortKey {
  column: string;
  nullable?: boolean;
}

export interface RowMapper<Row, T> {
  toDomain(row: Row): T;
  toPersistence(record: T): Row;
}

/** Another column whose value is unique in the organisation, and the 400 a duplicate answers on `field`. */
export interface UniqueColumn {
  column: string;
  field: string;
  message: string;
}

export interface RecordMessages {
  /** The model's name in the 400 on a duplicate unique_id ("lead with this unique id already exists."). */
  model: string;
  /** The 409 `in_use` when a foreign key still points at the record; tables nothing references leave it out. */
  inUse?: string;
  /** Unique columns besides unique_id (an account's code, an expense's number). */
  unique?: UniqueColumn[];
  /**
   * A column of a unique index that guards a rule against concurrent writes
   * (one primary contact per slot): a duplicate there is a 409 conflict that
   * the caller may retry. Checked first: Postgres quotes the key's values in
   * its message, and free text may read like another column's name.
   */
  raced?: string[];
}

/**
 * What every organisation-scoped table shares: look-ups by unique_id and by
 * ids, one page of a filtered list in a stable order with its total, and
 * writes whose constraint failures read as the API's errors (a duplicate
 * unique_id: 400; a record still referenced: 409 `in_use`).
 */
export class OrganisationRecords<Row extends OrganisationScopedRow, T> {
  constructor(
    private readonly db: TypeOrmDatabase,
    private readonly entity: string,
    private readonly mapper: RowMapper<Row, T>,
    private readonly messages: RecordMessages,
  ) {}

  /** The organisation's rows as alias `r`, for a list to add its filters to. */
  select(m: EntityManager, organisationId: string): SelectQueryBuilder<Row> {
    return m
      .getRepository<Row>(this.entity)
      .createQueryBuilder('r')
      .where('r.organisation_id = :organisationId', { organisationId });
  }

  /** `forUpdate` locks the row until the current transaction ends (writers that read, then write, use it). */
  async findByUniqueId(organisationId: string, uniqueId: string, options: { forUpdate?: boolean } = {}): Promise<T | null> {
    const where = { organisation_id: organisationId, unique_id: uniqueId } as FindOptionsWhere<Row>;
    const lock = options.forUpdate ? this.db.lockForUpdate : undefined;
    const row = await this.db.run((m) => m.getRepository<Row>(this.entity).findOne({ where, lock }));
    return row ? this.mapper.toDomain(row) : null;
  }

  async findByIds(organisationId: string, ids: string[]): Promise<T[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.run((m) => this.select(m, organisationId).andWhere('r.id IN (:...ids)', { ids }).getMany());
    return rows.map((row) => this.mapper.toDomain(row));
  }

  /** Whether any of the organisation's rows matches `condition` (an SQL condition on alias `r`). */
  async exists(organisationId: string, condition: string, parameters: Record<string, unknown>): Promise<boolean> {
    const row = await this.db.run((m) =>
      this.select(m, organisationId).andWhere(condition, parameters).select('r.id', 'id').limit(1).getRawOne(),
    );
    return row !== undefined;
  }

  /** The query of one page of `filtered`, the id breaking ties so that pages never overlap. */
  paged(filtered: SelectQueryBuilder<Row>, key: SortKey, descending: boolean, page: PageRequest): SelectQueryBuilder<Row> {
    const direction = descending ? 'DESC' : 'ASC';
    const nulls = key.nullable ? (descending ? 'NULLS FIRST' : 'NULLS LAST') : undefined;
    return filtered
      .clone()
      .orderBy(`r.${key.column}`, direction, nulls)
      .addOrderBy('r.id', direction)
      .offset(offsetOf(page))
      .limit(page.pageSize);
  }

  page(
    filter: (m: EntityManager) => SelectQueryBuilder<Row>,
    key: SortKey,
    descending: boolean,
    page: PageRequest,
  ): Promise<Page<T>> {
    return this.db.run(async (m) => {
      const filtered = filter(m);
      const counted = await filtered.clone().select('COUNT(*)', 'count').getRawOne<{ count: string | number | bigint }>();
      const rows = await this.paged(filtered, key, descending, page).getMany();
      return { total: Number(counted?.count ?? 0), items: rows.map((row) => this.mapper.toDomain(row)) };
    });
  }

  async save(record: T): Promise<void> {
    try {
      await this.db.run((m) => m.getRepository<Row>(this.entity).save(this.mapper.toPersistence(record)));
    } catch (error) {
      throw this.writeError(error);
    }
  }

  /** Inserts new records in one statement (an organisation's default chart). */
  async addAll(records: T[]): Promise<void> {
    if (records.length === 0) return;
    try {
      const rows = records.map((record) => this.mapper.toPersistence(record));
      await this.db.run((m) => m.getRepository<Row>(this.entity).insert(rows as Parameters<Repository<Row>['insert']>[0]));
    } catch (error) {
      throw this.writeError(error);
    }
  }

  /** A constraint failure of a write, as the API's error. */
  private writeError(error: unknown): unknown {
    if (this.messages.raced?.some((column) => isUniqueViolation(error, column))) return new ConcurrentModification();
    const unique = this.messages.unique?.find((u) => isUniqueViolation(error, u.column));
    if (unique) return ValidationFailed.field(unique.field, unique.message);
    if (isUniqueViolation(error, 'unique_id')) return duplicateUniqueId(this.messages.model);
    // A record it references was deleted since the use case resolved it: the caller may retry.
    if (isForeignKeyViolation(error)) return new ConcurrentModification();
    return error;
  }

  async delete(id: string): Promise<void> {
    try {
      await this.db.run((m) => m.getRepository<Row>(this.entity).delete({ id } as FindOptionsWhere<Row>));
    } catch (error) {
      if (isForeignKeyViolation(error) && this.messages.inUse) throw new InUse(this.messages.inUse);
      throw error;
    }
  }
}

/** The LIKE pattern (with `ESCAPE '\'`) of rows whose search key contains `term`: `%` and `_` in it are literal. */
export function containing(term: string): string {
  return `%${searchTerm(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
