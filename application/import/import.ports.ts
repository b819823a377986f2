import { ActingKey } from '../shared/actor';
import { Page, PageRequest } from '../shared/page';
import { ImportCounts, ImportMode, ImportRow, ImportStatus, RowError } from './import-records';

/** The most bad rows an import's own body lists: the others are read from its errors' list (`errors/`). */
export const ERRORS_IN_BODY = 1000;

/** An import as it is kept: what was asked, by whom, and where it stands. */
export interface KeptImport extends ImportCounts {
  id: string;
  uniqueId: string;
  organisationId: string;
  createdById: string;
  resource: string;
  mode: ImportMode;
  dryRun: boolean;
  status: ImportStatus;
  /** The file's rows (its header aside). */
  rows: number;
  unknownColumns: string[];
  /** Its first bad rows (at most `ERRORS_IN_BODY`), in the file's order; none in a list of imports. */
  errors: RowError[];
  dateCreated: Date;
  /** When it ended; null while it is queued or running. */
  dateFinished: Date | null;
}

/** What a background import needs besides its record: who runs it, where, and its file in the storage. */
export interface ImportWork {
  /** Who ran it: the rows are written as that person (through that API key, within its scopes), as history and events name them. */
  actor: { personId: string; apiKey?: ActingKey };
  /** The organisation's unique_id, as the rows' paths name it. */
  organisationUniqueId: string;
  contactGroup: string | null;
  fileKey: string;
  fileSize: number;
}

/** A background import a worker claimed: `claimToken` names the claim, lost once another worker takes it over. */
export interface ClaimedImport extends KeptImport, ImportWork {
  claimToken: string;
  /**
   * The claims of the import so far, this one included, less those let go at
   * a shutdown (`release`): each of the others ended in a failure or with its
   * process, before the import did.
   */
  claims: number;
}

/** How an import's progress moves on: the counts so far, the bad rows of this step, and when it ends. */
export interface ImportProgress {
  counts: ImportCounts;
  errors: RowError[];
  leaseUntil: Date;
  /** The import ends with this status (`done`, `failed`, `checked`). */
  finish?: { status: ImportStatus; at: Date };
}

/** The imports an organisation ran, and the queue of those that run in the background. */
export interface ImportLog {
  /** An import that ran within its request, with every bad row. */
  add(kept: KeptImport, errors: RowError[]): Promise<void>;
  /** A background import, `queued`, in the current transaction. */
  queue(kept: KeptImport, work: ImportWork): Promise<void>;
  /** The import with its first bad rows (`ERRORS_IN_BODY`). */
  find(organisationId: string, uniqueId: string): Promise<KeptImport | null>;
  /** The organisation's imports (of one person when `createdById` is given), newest first, without their errors. */
  list(organisationId: string, createdById: string | undefined, request: PageRequest): Promise<Page<KeptImport>>;
  /** An import's bad rows in the file's order. */
  errors(importId: string, request: PageRequest): Promise<Page<RowError>>;
  /**
   * Claims one unfinished import (queued, or running under a lease that
   * lapsed) until `leaseUntil`, as outbox deliveries are claimed: one worker
   * alone gets it. It becomes `running`, its claim `claimToken`, counted in `claims`.
   */
  claim(now: Date, leaseUntil: Date, claimToken: string): Promise<ClaimedImport | null>;
  /** Extends the lease while the claim is still this one's; false once it is lost. */
  renew(id: string, claimToken: string, leaseUntil: Date): Promise<boolean>;
  /** Lets the claim go at `now` (a shutdown), for a worker to take over at once; it does not count among the claims. */
  release(id: string, claimToken: string, now: Date): Promise<void>;
  /**
   * Records progress in the current transaction (the counts, this step's bad
   * rows, a longer lease, the end), while the claim is still this one's;
   * false (nothing written) once another worker took it over.
   */
  progress(id: string, claimToken: string, progress: ImportProgress): Promise<boolean>;
}

/** The rows of a background import's stored file, read as a stream, after the first `skip`. */
export interface ImportRowSource {
  rows(claimed: ClaimedImport, skip: number): AsyncIterable<ImportRow>;
}

export const IMPORT_TOKENS = {
  ImportLog: Symbol.for('ImportLog'),
  ImportRowSource: Symbol.for('ImportRowSource'),
} as const;
