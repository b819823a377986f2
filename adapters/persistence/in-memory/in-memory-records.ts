import { ListQuery, Page, slicePage } from '../../../application/shared/page';
import { duplicateUniqueId } from '../../../application/shared/records';
import { ValidationFailed } from '../../../domain/shared/errors';
import { keyContains, searchKey } from '../search-key';

/** What an in-memory list sorts by; null sorts as the largest value, as on Postgres. */
export type SortValue = string | number | bigint | null;

interface ScopedSnapshot {
  id: string;
  organisationId: string;
  uniqueId: string;
}

/** Another value unique in the organisation, and the 400 a duplicate answers on `field` (the twin of `UniqueColumn`). */
export interface UniqueValue<S> {
  of: (snapshot: S) => unknown;
  field: string;
  message: string;
}

/** A kind of record in memory: how to restore it, how its lists sort, and its uniqueness rules. */
export interface RecordCollection<S, T, O extends string> {
  restore: (snapshot: S) => T;
  /** The model's name in the 400 on a duplicate unique_id. */
  model: string;
  sortKeys: Record<O, (snapshot: S) => SortValue>;
  /** Values unique in the organisation besides unique_id. */
  unique?: UniqueValue<S>[];
}

/**
 * The in-memory twin of `OrganisationRecords`, which each area's in-memory
 * repository extends: snapshots of one kind of organisation-scoped record,
 * with the same look-ups, paging and uniqueness rules. A repository declares
 * its `collection` and, when its list has filters, `matches`. Transactions run
 * one at a time (InMemoryUnitOfWork), so nothing here locks.
 */
export abstract class InMemoryRecords<S extends ScopedSnapshot, T extends { snapshot(): S; readonly id: string }, F, O extends string> {
  protected abstract readonly collection: RecordCollection<S, T, O>;
  private readonly rows = new Map<string, S>();

  /** `options` is for the TypeORM twin's row lock: transactions here already run one at a time. */
  async findByUniqueId(organisationId: string, uniqueId: string, _options?: { forUpdate?: boolean }): Promise<T | null> {
    const row = this.of(organisationId).find((s) => s.uniqueId === uniqueId);
    return row ? this.collection.restore(row) : null;
  }

  async findByIds(organisationId: string, ids: string[]): Promise<T[]> {
    const wanted = new Set(ids);
    return this.of(organisationId)
      .filter((s) => wanted.has(s.id))
      .map(this.collection.restore);
  }

  /** One page of the records that pass the filters, sorted as the SQL adapters sort: by the key, then by the id. */
  async list(organisationId: string, query: ListQuery<F, O>): Promise<Page<T>> {
    const key = this.collection.sortKeys[query.ordering.field];
    const direction = query.ordering.descending ? -1 : 1;
    const sorted = this.of(organisationId)
      .filter((s) => this.matches(s, query.filters))
      .sort((a, b) => direction * (compare(key(a), key(b)) || compare(a.id, b.id)));
    const { items, total } = slicePage(sorted, query.page);
    return { total, items: items.map(this.collection.restore) };
  }

  async save(record: T): Promise<void> {
    const row = record.snapshot();
    const others = this.of(row.organisationId).filter((s) => s.id !== row.id);
    for (const unique of this.collection.unique ?? []) {
      const value = unique.of(row);
      if (value !== null && others.some((s) => unique.of(s) === value)) throw ValidationFailed.field(unique.field, unique.message);
    }
    if (others.some((s) => s.uniqueId === row.uniqueId)) throw duplicateUniqueId(this.collection.model);
    this.rows.set(row.id, row);
  }

  async addAll(records: T[]): Promise<void> {
    for (const record of records) await this.save(record);
  }

  async delete(record: T): Promise<void> {
    this.rows.delete(record.id);
  }

  /** Whether a snapshot passes the list's filters; a list without filters keeps the default. */
  protected matches(_snapshot: S, _filters: F): boolean {
    return true;
  }

  /** The organisation's snapshots. */
  protected of(organisationId: string): S[] {
    return [...this.rows.values()].filter((s) => s.organisationId === organisationId);
  }

  /** Every organisation's snapshots. */
  protected every(): S[] {
    return [...this.rows.values()];
  }

  /** A snapshot by its internal id, in whichever organisation. */
  protected byId(id: string): S | undefined {
    return this.rows.get(id);
  }

  /** Whether any of the organisation's records matches. */
  protected exists(organisationId: string, matches: (snapshot: S) => boolean): boolean {
    return this.of(organisationId).some(matches);
  }
}

/** Ascending order of two sort values, nulls last (as the lists and their ties order them). */
export function compare(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** Whether any of `texts` contains `term` in any case, as the TypeORM adapters search their `…_key` columns. */
export function contains(term: string, ...texts: (string | null)[]): boolean {
  return texts.some((text) => keyContains(searchKey(text), term));
}
