import { Page, PageRequest, slicePage } from '../../../application/shared/page';
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

/**
 * The in-memory twin of `OrganisationRecords`: snapshots of one kind of
 * organisation-scoped record, with the same look-ups, paging and uniqueness
 * rules. Transactions run one at a time (InMemoryUnitOfWork), so nothing here locks.
 */
export class InMemoryRecords<S extends ScopedSnapshot, T extends { snapshot(): S }> {
  private readonly rows = new Map<string, S>();

  constructor(
    private readonly restore: (snapshot: S) => T,
    private readonly model: string,
    private readonly unique: UniqueValue<S>[] = [],
  ) {}

  findByUniqueId(organisationId: string, uniqueId: string): T | null {
    const row = this.of(organisationId).find((s) => s.uniqueId === uniqueId);
    return row ? this.restore(row) : null;
  }

  findByIds(organisationId: string, ids: string[]): T[] {
    const wanted = new Set(ids);
    return this.of(organisationId)
      .filter((s) => wanted.has(s.id))
      .map(this.restore);
  }

  /** The organisation's snapshots, for a list's filters. */
  of(organisationId: string): S[] {
    return [...this.rows.values()].filter((s) => s.organisationId === organisationId);
  }

  /** Whether any of the organisation's records matches. */
  exists(organisationId: string, matches: (snapshot: S) => boolean): boolean {
    return this.of(organisationId).some(matches);
  }

  /** One page of `rows` sorted as the SQL adapters sort: by the key, then by the internal id in the same direction. */
  page(rows: S[], key: (snapshot: S) => SortValue, descending: boolean, page: PageRequest): Page<T> {
    const direction = descending ? -1 : 1;
    const sorted = [...rows].sort((a, b) => direction * (compare(key(a), key(b)) || compare(a.id, b.id)));
    const { items, total } = slicePage(sorted, page);
    return { total, items: items.map(this.restore) };
  }

  save(record: T): void {
    const row = record.snapshot();
    const others = this.of(row.organisationId).filter((s) => s.id !== row.id);
    for (const unique of this.unique) {
      if (others.some((s) => unique.of(s) === unique.of(row))) throw ValidationFailed.field(unique.field, unique.message);
    }
    if (others.some((s) => s.uniqueId === row.uniqueId)) throw duplicateUniqueId(this.model);
    this.rows.set(row.id, row);
  }

  addAll(records: T[]): void {
    for (const record of records) this.save(record);
  }

  delete(id: string): void {
    this.rows.delete(id);
  }
}

function compare(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** Whether any of `texts` contains `term` in any case, as the TypeORM adapters search their `…_key` columns. */
export function contains(term: string, ...texts: (string | null)[]): boolean {
  return texts.some((text) => keyContains(searchKey(text), term));
}
