import { FileContentType, detectFileType, ImageContentType, isImage, SIGNATURE_BYTES, StoredFile } from '../../domain/shared/file-type';
import { ValidationFailed } from '../../domain/shared/errors';
import { imageTooLarge } from '../../domain/shared/image-bounds';
import { FileStorage } from './file-storage';
import { ImageReencoder } from './image-reencoder';
import { IncomingFile, InMemoryFile } from './incoming-file';

/** What an area accepts as one of its files, and the field it answers on. */
export interface FileRules<T extends FileContentType> {
  field: string;
  accepts: { has(type: unknown): type is T };
  maxBytes: number;
  /** The message for a file of another kind. */
  invalid: string;
}

/**
 * Uploaded files around a write: an upload is checked by its content (an image
 * re-encoded) and stored before the transaction (so that it stays short), and
 * removed again if the write fails; a file the write no longer references is
 * removed after commit.
 */
export class StoredFiles<T extends FileContentType> {
  constructor(
    private readonly storage: FileStorage,
    private readonly rules: FileRules<T>,
    private readonly images: ImageReencoder,
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
    const kept = isImage(contentType) ? await this.reencoded(file, contentType) : file;
    if (kept.size > maxBytes) throw ValidationFailed.field(field, 'The submitted file is too large.');
    const key = await this.storage.put(ownerId, kept, contentType);
    return { key, contentType, size: kept.size };
  }

  /**
   * The image as the service keeps it: refused on the size its header declares,
   * before anything decodes it, then encoded afresh without its metadata (a
   * phone photo's GPS position) and whatever else the file carried.
   */
  private async reencoded(file: IncomingFile, contentType: ImageContentType): Promise<IncomingFile> {
    const { field, invalid } = this.rules;
    const bytes = await InMemoryFile.read(file);
    const size = await this.images.declaredSize(bytes);
    if (!size) throw ValidationFailed.field(field, invalid);
    const tooLarge = imageTooLarge(size);
    if (tooLarge) throw ValidationFailed.field(field, tooLarge);
    const reencoded = await this.images.reencode(bytes, contentType);
    if (!reencoded) throw ValidationFailed.field(field, invalid);
    return new InMemoryFile(reencoded);
  }
}
