import { EntityManager, FindOptionsWhere, Repository } from 'typeorm';
import { ListQuery, offsetOf, Page, pastEveryList } from '../../../application/shared/page';
import { duplicateUniqueId } from '../../../application/shared/records';
import { ConcurrentModification, InUse, ValidationFailed } from '../../../domain/shared/errors';
import { searchTerm } from '../search-key';
import { Conditions, forHydration, isForeignKeyViolation, isUniqueViolation, NamedParameters, ResultTable, SqlQuery, TypeOrmDatabase } from './engine';
import { historyEntry, recordChange } from './history-recorder';
import { FilteredCounts, KnownCount } from './filtered-counts';
import { PAGE_WINDOW, readPage, windowOf } from './sql-page';

/**
 * How much more a row walked in a list's order costs than a match the search
 * index finds, on SQLite (see `searchPlan`; the figures: docs/performance.md).
 */
const WALK_COST_PER_MATCH = 4;

/** A search's page read through the search index, or by walking the list's order and testing rows. */
export type SearchPlan = 'indexed' | 'scan';

/** The condition every list starts from. */
const IN_ORGANISATION = 'r.organisation_id = :organisationId';

/** The rows of `record_counts` that hold an organisation's count of a table (`:organisationId`, `:table`). */
const COUNTS_OF = 'FROM record_counts WHERE organisation_id = :organisationId AND table_name = :table';

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
  /** A column that orders the rows equal in `column` (which holds a prefix of it) before their id. */
  then?: string;
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

/** An organisation-scoped table: its entity, its mapper, how its lists sort, and what its constraints answer. */
export interface RecordTable<Row, T, O extends string> extends RecordMessages {
  entity: string;
  mapper: RowMapper<Row, T>;
  /** The column each ordering field sorts by. */
  sortKeys: Record<O, SortKey>;
  /** Triggers keep the organisation's total in `record_counts` (migration 910): an unfiltered list reads it there. */
  counted?: boolean;
  /**
   * Columns written for the database's own searching and ordering (folded
   * keys), which no mapper reads: left out of every read, where they would
   * only add to the text a page carries out of the database.
   */
  unread?: string[];
  /** Its changes leave no history entry (see `ResourceDeclaration.storage.unrecorded`). */
  unrecorded?: boolean;
}

/**
 * The one TypeORM store of organisation-scoped records, which each area's
 * repository extends: look-ups by unique_id and by ids, one page of a
 * filtered list in a stable order with its total, and writes whose constraint
 * failures read as the API's errors (a duplicate unique_id: 400; a record
 * still referenced: 409 `in_use`). A repository declares its `table` and, when
 * its list has filters, `filtered`.
 */
export abstract class OrganisationRecords<Row extends OrganisationScopedRow, T extends { readonly id: string }, F, O extends string> {
  protected abstract readonly table: RecordTable<Row, T, O>;

  /**
   * What each record was when read (its row) or last saved (its snapshot), so
   * that a save records what it changed. A row is turned into the state it held
   * only when its record is saved: a list reads many rows and saves none.
   */
  private readonly readAs = new WeakMap<T, Row>();
  private readonly savedAs = new WeakMap<T, object>();
  /**
   * Records a list page read, whose rows are not kept: a page's rows are a
   * large part of what its request holds while it answers, and copying them
   * from one young generation to the next was much of a list's garbage
   * collection. A listed record that is saved has its row read again.
   */
  private readonly listed = new WeakSet<T>();
  /** What a read selects, made once (see `selected`). */
  private selectList: string | undefined;
  /** Filtered lists' counts, each with the revision it was counted at. */
  private readonly counts = new FilteredCounts();

  constructor(protected readonly db: TypeOrmDatabase) {}

  /** A row as its domain record, remembered as read. */
  protected restored(row: Row): T {
    const record = this.table.mapper.toDomain(row);
    this.readAs.set(record, row);
    return record;
  }

  /** `forUpdate` locks the row until the current transaction ends (writers that read, then write, use it). */
  async findByUniqueId(organisationId: string, uniqueId: string, options: { forUpdate?: boolean } = {}): Promise<T | null> {
    const lock = options.forUpdate ? this.db.lockClause : '';
    const [row] = await this.rows(`r.organisation_id = :organisationId AND r.unique_id = :uniqueId${lock}`, { organisationId, uniqueId });
    return row ? this.restored(row) : null;
  }

  /** The organisation's records among `ids` (internal ids), in no particular order. */
  async findByIds(organisationId: string, ids: string[]): Promise<T[]> {
    if (ids.length === 0) return [];
    const rows = await this.rows('r.organisation_id = :organisationId AND r.id IN (:...ids)', { organisationId, ids });
    return rows.map((row) => this.restored(row));
  }

  /**
   * One page of the organisation's records that pass the filters, in the
   * asked order, with their count. A filtered list of a counted table reads
   * the table's revision beside the page and counts its matches only when
   * nothing was written since it last did (`FilteredCounts`).
   */
  async list(organisationId: string, query: ListQuery<F, O>): Promise<Page<T>> {
    const where = this.where(organisationId, query.filters);
    if (pastEveryList(query.page) || !this.table.counted || where.size === 1) {
      const { total, rows } = await readPage(this.db, query.page, this.countOf(organisationId, where), () => this.pageQuery(organisationId, query));
      return { total, items: rows ? this.restoredPage(rows) : [] };
    }
    const key = this.counts.keyOf(where);
    const known = this.counts.get(key);
    if (!known) {
      const [counted, page] = await this.db.read([this.revisedCount(where), this.pageQuery(organisationId, query)]);
      return { total: this.counts.remember(key, counted.rows[0]).count, items: this.restoredPage(page) };
    }
    const plan = await this.searchPlan(organisationId, query, where, known);
    const [revision, page] = await this.db.read([this.revisionQuery(organisationId), this.pageQuery(organisationId, query, plan)]);
    if (String(revision.rows[0]?.[0] ?? 0) === known.revision) return { total: known.count, items: this.restoredPage(page) };
    const [counted] = await this.db.read([this.revisedCount(where)]);
    return { total: this.counts.remember(key, counted.rows[0]).count, items: this.restoredPage(page) };
  }

  /**
   * The SQL of one page exactly as `list` runs it, for reading its query
   * plan. A search reads the search index (`indexed`, see search-index.ts)
   * unless `scan` is asked: then the page walks the organisation's rows in
   * the list's order, testing each one's keys, and stops at the page's end.
   */
  pageQuery(organisationId: string, query: ListQuery<F, O>, plan: SearchPlan = 'indexed'): SqlQuery {
    const where = this.where(organisationId, query.filters, plan);
    const key = this.table.sortKeys[query.ordering.field];
    const direction = query.ordering.descending ? 'DESC' : 'ASC';
    const nulls = key.nullable ? (query.ordering.descending ? ' NULLS FIRST' : ' NULLS LAST') : '';
    const page = this.db.sql(
      `SELECT ${this.selected} FROM ${this.tableName} r WHERE ${where.sql} ` +
        `ORDER BY r.${key.column} ${direction}${nulls}${key.then ? `, r.${key.then} ${direction}` : ''}, r.id ${direction} ${PAGE_WINDOW}`,
      Object.assign({}, where.parameters, windowOf(query.page)),
    );
    return forHydration(page);
  }

  private restoredPage(page: ResultTable): T[] {
    return this.db.hydrate<Row>(this.table.entity, page).map((row) => {
      const record = this.table.mapper.toDomain(row);
      this.listed.add(record);
      return record;
    });
  }

  /**
   * How a page of a search is read, from the count last known. The search
   * index finds every match before the page is cut from them; walking the
   * list's order index and testing each row costs more a row, but stops at
   * the page's end. Where matches are dense the walk reaches the page's end
   * after a few rows; where they are rare it would read the whole
   * organisation (every row, for a term that matches nothing), so the walk
   * is taken only when the rows it is expected to read cost less than the
   * index's matches (docs/performance.md), and only when the engine's plan of
   * it reads the rows through an index in the list's order (no sort of the
   * organisation). Both plans answer the same rows. SQLite only: Postgres
   * chooses between its trigram and order indexes itself.
   */
  private async searchPlan(organisationId: string, query: ListQuery<F, O>, where: Conditions, known: KnownCount): Promise<SearchPlan> {
    if (this.db.dialect !== 'sqlite' || !where.searchIndexed || known.count === 0) return 'indexed';
    const walked = ((offsetOf(query.page) + query.page.pageSize) * known.total) / known.count;
    if (walked * WALK_COST_PER_MATCH >= known.count) return 'indexed';
    return (await this.db.walksIndexInOrder(this.pageQuery(organisationId, query, 'scan'))) ? 'scan' : 'indexed';
  }

  async save(record: T): Promise<void> {
    const after = snapshotOf(record);
    const failure = (error: unknown) => this.writeError(error);
    try {
      // The change and its history entry commit together, or neither. The write may be held back and sent with
      // what follows it (Postgres): its failure then reaches that, or the commit, already read as `failure`.
      await this.db.together(async () => {
        const entry = this.table.unrecorded ? null : historyEntry(this.db, this.table.model, await this.stateBefore(record), after);
        await this.db.upsert(this.table.entity, this.table.mapper.toPersistence(record), entry, failure);
      });
    } catch (error) {
      throw failure(error);
    }
    this.savedAs.set(record, after);
  }

  /** The state `record` had when read or last saved (a listed record's: as stored now); null for a new record. */
  private async stateBefore(record: T): Promise<object | null> {
    const saved = this.savedAs.get(record);
    if (saved) return saved;
    let row = this.readAs.get(record);
    if (!row && this.listed.has(record)) {
      [row] = await this.rows('r.id = :id', { id: record.id });
    }
    return row ? snapshotOf(this.table.mapper.toDomain(row)) : null;
  }

  /** Inserts new records in one statement (an organisation's default chart). */
  async addAll(records: T[]): Promise<void> {
    if (records.length === 0) return;
    try {
      const rows = records.map((record) => this.table.mapper.toPersistence(record));
      await this.db.run((m) => this.repository(m).insert(rows as Parameters<Repository<Row>['insert']>[0]));
    } catch (error) {
      throw this.writeError(error);
    }
  }

  async delete(record: T): Promise<void> {
    try {
      await this.db.transaction(async () => {
        await this.db.run((m) => this.repository(m).delete({ id: record.id } as FindOptionsWhere<Row>));
        if (!this.table.unrecorded) await recordChange(this.db, this.table.model, snapshotOf(record), null);
      });
    } catch (error) {
      if (isForeignKeyViolation(error) && this.table.inUse) throw new InUse(this.table.inUse);
      throw error;
    }
  }

  /** The list's filters as SQL conditions on alias `r` (named parameters); a list without filters keeps the default. */
  protected filtered(conditions: Conditions, _filters: F): Conditions {
    return conditions;
  }

  /** The organisation's rows (alias `r`) that meet `condition`, hydrated. */
  protected async rows(condition: string, parameters: NamedParameters): Promise<Row[]> {
    return this.db.selectRows<Row>(this.table.entity, this.db.sql(`SELECT ${this.selected} FROM ${this.tableName} r WHERE ${condition}`, parameters));
  }

  /** Whether any of the organisation's rows matches `condition` (an SQL condition on alias `r`). */
  protected async exists(organisationId: string, condition: string, parameters: NamedParameters): Promise<boolean> {
    const query = this.db.sql(
      `SELECT 1 AS found FROM ${this.tableName} r WHERE r.organisation_id = :organisationId AND (${condition}) LIMIT 1`,
      Object.assign({}, parameters, { organisationId }),
    );
    const [rows] = await this.db.select([query]);
    return rows.length > 0;
  }

  protected repository(m: EntityManager): Repository<Row> {
    return m.getRepository<Row>(this.table.entity);
  }

  /**
   * The SQL of a list's total: kept by triggers for the whole organisation of
   * a counted table, else counted. A search through an FTS5 index counts its
   * matches alone: left to itself, SQLite walks the organisation's index and
   * tests every row against them, which is slower; the unary `+` keeps it off
   * that index.
   */
  countQuery(organisationId: string, filters: F): SqlQuery {
    return this.countOf(organisationId, this.where(organisationId, filters));
  }

  private countOf(organisationId: string, where: Conditions): SqlQuery {
    if (this.table.counted && where.size === 1) {
      // Postgres keeps it in several rows (migration 1010), SQLite in one.
      return this.db.sql(`SELECT SUM(count) AS count ${COUNTS_OF}`, { organisationId, table: this.tableName });
    }
    return this.db.sql(`SELECT COUNT(*) AS count FROM ${this.tableName} r WHERE ${this.counting(where)}`, where.parameters);
  }

  /** The revision of the organisation's rows of this table (migration 1020). */
  private revisionQuery(organisationId: string): SqlQuery {
    return this.db.sql(`SELECT COALESCE(SUM(changes), 0) AS revision ${COUNTS_OF}`, { organisationId, table: this.tableName });
  }

  /** A filtered count with the revision and the total it was counted at, in one statement: one snapshot. */
  private revisedCount(where: Conditions): SqlQuery {
    return this.db.sql(
      `SELECT (SELECT COALESCE(SUM(changes), 0) ${COUNTS_OF}) AS revision, (SELECT COALESCE(SUM(count), 0) ${COUNTS_OF}) AS total, ` +
        `(SELECT COUNT(*) FROM ${this.tableName} r WHERE ${this.counting(where)}) AS count`,
      Object.assign({}, where.parameters, { table: this.tableName }),
    );
  }

  private counting(where: Conditions): string {
    return where.searchIndexed ? where.sql.replace(IN_ORGANISATION, `+${IN_ORGANISATION}`) : where.sql;
  }

  private where(organisationId: string, filters: F, plan: SearchPlan = 'indexed'): Conditions {
    const conditions = new Conditions(IN_ORGANISATION, { organisationId });
    conditions.scanSearch = plan === 'scan';
    return this.filtered(conditions, filters);
  }

  protected get tableName(): string {
    return this.db.tableOf(this.table.entity);
  }

  /** The columns a read selects (alias `r`): all but the unread ones. */
  private get selected(): string {
    if (this.selectList === undefined) {
      const unread = new Set(this.table.unread ?? []);
      this.selectList =
        unread.size === 0
          ? 'r.*'
          : this.db
              .columnsOf(this.table.entity)
              .filter((column) => !unread.has(column))
              .map((column) => `r.${column}`)
              .join(', ');
    }
    return this.selectList;
  }

  /** A constraint failure of a write, as the API's error. */
  private writeError(error: unknown): unknown {
    if (this.table.raced?.some((column) => isUniqueViolation(error, column))) return new ConcurrentModification();
    const unique = this.table.unique?.find((u) => isUniqueViolation(error, u.column));
    if (unique) return ValidationFailed.field(unique.field, unique.message);
    if (isUniqueViolation(error, 'unique_id')) return duplicateUniqueId(this.table.model);
    // A record it references was deleted since the use case resolved it: the caller may retry.
    if (isForeignKeyViolation(error)) return new ConcurrentModification();
    return error;
  }
}

/** The LIKE pattern (with `ESCAPE '\'`) of rows whose search key contains `term`: `%` and `_` in it are literal. */
export function containing(term: string): string {
  return `%${searchTerm(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A record's full state (every organisation-scoped entity has `snapshot()`). */
function snapshotOf(record: object): object {
  return (record as { snapshot(): object }).snapshot();
}
