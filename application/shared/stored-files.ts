import { FileContentType, detectFileType, SIGNATURE_BYTES, StoredFile } from '../../domain/shared/file-type';
import { ValidationFailed } from '../../domain/shared/errors';
import { FileStorage } from './file-storage';
import { IncomingFile } from './incoming-file';

/** What an area accepts as one of its files, and the field it answers on. */
export interface FileRules<T extends FileContentType> {
  field: string;
  accepts: { has(type: unknown): type is T };
  maxBytes: number;
  /** The message for a file of another kind. */
  invalid: string;
}

/**
 * Uploaded files around a write: an upload is checked by its content and stored
 * before the transaction (so that it stays short), and removed again if the
 * write fails; a file the write no longer references is removed after commit.
 */
export class StoredFiles<T extends FileContentType> {
  constructor(
    private readonly storage: FileStorage,
    private readonly rules: FileRules<T>,
  ) {}

  /**
   * Runs `work` with the stored upload: undefined when no file was sent,
   * null when the client asked to remove it.
   */
  async storedFor<R>(
    ownerId: string,
    file: IncomingFile | null | undefined,
    work: (stored: StoredFile<T> | null | undefined) => Promise<R>,
  ): Promise<R> {
    const stored = file ? await this.accept(ownerId, file) : file;
    try {
      return await work(stored);
    } catch (error) {
      if (stored) await this.discard(stored);
      throw error;
    }
  }

  /** For a file nothing references any more, once that is committed. */
  async discard(stored: StoredFile | null): Promise<void> {
    // The write it follows is committed: an orphaned file is better than a failed request.
    if (stored) await this.storage.remove(stored.key).catch(() => undefined);
  }

  /** The file's bytes, or null when the storage no longer has them. */
  read(stored: StoredFile): Promise<AsyncIterable<Uint8Array> | null> {
    return this.storage.read(stored.key);
  }

  private async accept(ownerId: string, file: IncomingFile): Promise<StoredFile<T>> {
    const { field, accepts, maxBytes, invalid } = this.rules;
    if (file.size === 0) throw ValidationFailed.field(field, 'The submitted file is empty.');
    // The HTTP adapter refuses larger bodies with 413 first; this keeps the rule whatever the caller.
    if (file.size > maxBytes) throw ValidationFailed.field(field, 'The submitted file is too large.');
    const contentType = detectFileType(await file.head(SIGNATURE_BYTES));
    if (!accepts.has(contentType)) throw ValidationFailed.field(field, invalid);
    const key = await this.storage.put(ownerId, file, contentType);
    return { key, contentType, size: file.size };
  }
}
