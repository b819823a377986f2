import { LRUCache } from 'lru-cache';
import { Conditions } from './engine';

/** A filtered list's count at a revision of the organisation's table, and the table's whole count then. */
export interface KnownCount {
  revision: string;
  count: number;
  total: number;
}

/** How many filtered lists' counts a repository keeps: a few numbers each. */
const COUNTS_KEPT = 5_000;

/**
 * The counts of filtered lists (searches, equality filters) of one table,
 * each remembered with the revision of the organisation's rows it was counted
 * at: `record_counts.changes`, which the database's triggers raise in the
 * transaction of every insert, update and delete, whichever process or client
 * writes (migration 1020). A count is served again only to a read that finds
 * the same revision, that is, the same rows; any write makes every count of
 * the organisation's table stale at once, in every process. What is kept is
 * never shared state: a process that forgets it counts again.
 *
 * Only conditions on the table's own columns may be remembered this way: the
 * revision says nothing of other tables.
 */
export class FilteredCounts {
  private readonly known = new LRUCache<string, KnownCount>({ max: COUNTS_KEPT });

  /** The key of a list's conditions (the organisation's among them). */
  keyOf(conditions: Conditions): string {
    return `${conditions.sql}\0${JSON.stringify(conditions.parameters)}`;
  }

  /** The last count known for `key`, at whatever revision it was counted: compare before using it as the count. */
  get(key: string): KnownCount | undefined {
    return this.known.get(key);
  }

  /** Remembers the count read with its revision and total (one row: revision, total, count), and answers it. */
  remember(key: string, row: readonly unknown[]): KnownCount {
    const [revision, total, count] = row;
    const known = { revision: String(revision), total: Number(total), count: Number(count) };
    this.known.set(key, known);
    return known;
  }
}
