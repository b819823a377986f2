import { FileContentType } from '../../domain/shared/file-type';
import { IncomingFile } from './incoming-file';

/**
 * The kinds of file kept apart from one another: each has a storage of its
 * own, and a key of one names nothing in another.
 */
export type FileNamespace = 'receipts' | 'pictures' | 'imports';

/** Where uploaded files live. Keys are chosen by the storage, never by the client. */
export interface FileStorage {
  /**
   * Stores the file durably under its owner (an organisation, a person) and answers its new key;
   * `beforeStoring` is told the key first (what records the upload, should nothing come to reference it).
   */
  put(ownerId: string, file: IncomingFile, contentType: FileContentType, beforeStoring?: (key: string) => Promise<void>): Promise<string>;
  /** The stored bytes, or null when the key names nothing. */
  read(key: string): Promise<AsyncIterable<Uint8Array> | null>;
  /** Removes the file; a key that names nothing is not an error. */
  remove(key: string): Promise<void>;
}

export const FILE_STORAGE_TOKENS = {
  /** Expense receipts. */
  Receipts: Symbol.for('ReceiptStorage'),
  /** Profile pictures and organisation logos. */
  Pictures: Symbol.for('PictureStorage'),
  /** The files of background imports, kept until each import ends. */
  Imports: Symbol.for('ImportFileStorage'),
} as const satisfies Record<string, symbol>;
