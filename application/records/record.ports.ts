import { FieldErrors } from '../../domain/shared/errors';
import { ListQuery, Page } from '../shared/page';

/** A list's filters by name (`status`, `search`), as the kind's declaration names them. */
export type RecordFilters = Readonly<Record<string, unknown>>;

/** The filter of a child kind's list: its parent's internal id (the list use case sets it from the path). */
export const PARENT_FILTER = 'parent';

/**
 * The filter of a kind whose records belong to people (`RecordKind.ownedBy`):
 * `{ property, personId }`, set by the list use case for a member, who sees their own alone.
 */
export const OWNER_FILTER = 'owner';

/** The value of `OWNER_FILTER`. */
export interface OwnerFilter {
  property: string;
  personId: string;
}

/** The storage of one kind of organisation-scoped record. */
export interface RecordRepository<T> {
  /** `forUpdate` locks the row until the current transaction ends (writers that read, then write, use it). */
  findByUniqueId(organisationId: string, uniqueId: string, options?: { forUpdate?: boolean }): Promise<T | null>;
  /** The organisation's records among `ids` (internal ids), in no particular order. */
  findByIds(organisationId: string, ids: string[]): Promise<T[]>;
  list(organisationId: string, query: ListQuery<RecordFilters, string>): Promise<Page<T>>;
  /** Adds or replaces, with its history entry; a unique_id already taken in the organisation is a 400 on `unique_id`. */
  save(record: T): Promise<void>;
  /**
   * The 400s `save` would answer for the record's unique fields that another
   * record of its organisation holds, all at once: its declared unique fields
   * (an account's code), and its unique_id when `withUniqueId`. Nothing is
   * read when there is nothing to check.
   */
  clashes(record: T, withUniqueId: boolean): Promise<FieldErrors>;
  /** Adds new records in one statement (seeding). */
  addAll(records: T[]): Promise<void>;
  /** Refuses (`InUse`) when the storage still holds a reference to the record. */
  delete(record: T): Promise<void>;
}
