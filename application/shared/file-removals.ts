import { FileNamespace } from './file-storage';

/** A stored file to remove once it is due, unless a write takes it first. */
export interface FileRemoval {
  namespace: FileNamespace;
  key: string;
  /** Failed removals so far. */
  attempts: number;
}

/**
 * Files that nothing references, or may not once a write ends, kept in the
 * database so that they outlive the process (docs/decisions/dependency-failures.md,
 * "S3 away"): an upload is recorded before it is stored, and taken back by the
 * write that references it, in its transaction; a file a write leaves is recorded
 * in that write's transaction. `SweepFileRemovals` removes what is due.
 */
export interface FileRemovalQueue {
  /** The file is to be removed at `dueAt` (earlier than a time already recorded for it: then). */
  add(namespace: FileNamespace, key: string, dueAt: Date): Promise<void>;
  /** In the write's transaction: the write references the file, which stays. */
  cancel(namespace: FileNamespace, key: string): Promise<void>;
  /** At most `limit` removals due at `now`, the longest due first. */
  due(now: Date, limit: number): Promise<FileRemoval[]>;
  /** The file is removed. */
  done(namespace: FileNamespace, key: string): Promise<void>;
  /** Its removal failed: tried again at `dueAt`. */
  postpone(namespace: FileNamespace, key: string, dueAt: Date): Promise<void>;
}

export const FILE_REMOVAL_TOKENS = { FileRemovalQueue: Symbol.for('FileRemovalQueue') } as const;

/**
 * How long an upload may stay unreferenced before it is removed: longer than
 * any write takes from the upload's start to its commit (an upload is bounded
 * by `S3_*`, about 20 s by default, the write by the database's bounds).
 */
export const UPLOAD_GRACE_MS = 15 * 60_000;
