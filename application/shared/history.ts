import { Page, PageRequest } from './page';

/**
 * Who is acting in the current request, and under which name when the change
 * is more than an update (an expense action): set by the HTTP adapter around
 * each authenticated request, read where changes are recorded.
 */
export interface Acting {
  personId: string;
  /** The API key the person acts through, when they do: history and events name it beside them. */
  apiKey?: ActingKeyName;
  action?: string;
}

/** An API key as history and events name it. */
export interface ActingKeyName {
  id: string;
  uniqueId: string;
  name: string;
}

/** The acting person of the work in progress, carried through its asynchronous calls. */
export interface ActingContext {
  run<T>(acting: Acting, work: () => Promise<T>): Promise<T>;
  current(): Acting | undefined;
}

/** One change of a record, as its history shows it (contract section 8). */
export interface HistoryEntry {
  id: string;
  model: string;
  recordUniqueId: string;
  action: string;
  at: Date;
  actor: { uniqueId: string; fullName: string } | null;
  /** The API key the actor acted through (as it is named now), or null. */
  apiKey: { uniqueId: string; name: string } | null;
  /** Field (as the API names it) → [old, new]; secrets as "***". */
  changes: Record<string, [unknown, unknown]>;
}

export interface ActivityFilters {
  model?: string;
  actorUniqueId?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

/** The history the storage writes with every change, read newest first. */
export interface HistoryReader {
  forRecord(organisationId: string, model: string, recordUniqueId: string, page: PageRequest): Promise<Page<HistoryEntry>>;
  forOrganisation(organisationId: string, filters: ActivityFilters, page: PageRequest): Promise<Page<HistoryEntry>>;
}

export const HISTORY_TOKENS = { HistoryReader: Symbol.for('HistoryReader'), ActingContext: Symbol.for('ActingContext') } as const;
