import { offsetOf, Page, PageRequest } from '../../../application/shared/page';
import { duplicateUniqueId } from '../../../application/shared/records';

/** What an in-memory list sorts by; null sorts as the largest value, as on Postgres. */
export type SortValue = string | number | bigint | null;

interface ScopedSnapshot {
  id: string;
  organisationId: string;
  uniqueId: string;
}

/**
 * The in-memory twin of `OrganisationRecords`: snapshots of one kind of
 * organisation-scoped record, with the same look-ups, paging and unique_id rule.
 */
export class InMemoryRecords<S extends ScopedSnapshot, T extends { snapshot(): S }> {
  private readonly rows = new Map<string, S>();

  constructor(
    private readonly restore: (snapshot: S) => T,
    private readonly model: string,
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

  page(rows: S[], key: (snapshot: S) => SortValue, descending: boolean, page: PageRequest): Page<T> {
    const direction = descending ? -1 : 1;
    const sorted = [...rows].sort((a, b) => direction * (compare(key(a), key(b)) || compare(a.id, b.id)));
    const start = offsetOf(page);
    return { total: rows.length, items: sorted.slice(start, start + page.pageSize).map(this.restore) };
  }

  save(record: T): void {
    const row = record.snapshot();
    const clash = this.of(row.organisationId).some((s) => s.id !== row.id && s.uniqueId === row.uniqueId);
    if (clash) throw duplicateUniqueId(this.model);
    this.rows.set(row.id, row);
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

/** Lower-cased text, as the TypeORM adapters search it. */
export function contains(text: string | null, term: string): boolean {
  return text !== null && text.toLowerCase().includes(term.toLowerCase());
}
