import { inject, injectable } from 'inversify';
import { FileContentType, detectFileType, ImageContentType, isImage, SIGNATURE_BYTES, StoredFile } from '../../domain/shared/file-type';
import { ValidationFailed } from '../../domain/shared/errors';
import { imageTooLarge } from '../../domain/shared/image-bounds';
import { FILE_REMOVAL_TOKENS, FileRemovalQueue, UPLOAD_GRACE_MS } from './file-removals';
import { FileNamespace, FileStorage } from './file-storage';
import { ImageReencoder } from './image-reencoder';
import { IncomingFile, InMemoryFile } from './incoming-file';
import { Clock, SHARED_TOKENS, UnitOfWork } from './ports';

/** What an area accepts as one of its files, and the field it answers on. */
export interface FileRules<T extends FileContentType> {
  field: string;
  accepts: { has(type: unknown): type is T };
  maxBytes: number;
  /** The message for a file of another kind. */
  invalid: string;
}

/** What keeps track of the files of every area: the removals' queue, transactions and time. */
@injectable()
export class FileKeeping {
  constructor(
    @inject(FILE_REMOVAL_TOKENS.FileRemovalQueue) readonly removals: FileRemovalQueue,
    @inject(SHARED_TOKENS.UnitOfWork) readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) readonly clock: Clock,
  ) {}
}

/**
 * Uploaded files around a write: an upload is checked by its content (an image
 * re-encoded) and stored before the transaction (so that it stays short). It
 * is recorded for removal before it is stored, and the write that references
 * it takes that back in its transaction: a write that fails, or a process that
 * dies before the commit, leaves it to be removed (`SweepFileRemovals`). A file
 * the write no longer references is recorded for removal in its transaction,
 * and removed at once after commit when the storage answers.
 */
export class StoredFiles<T extends FileContentType> {
  constructor(
    private readonly storage: FileStorage,
    private readonly namespace: FileNamespace,
    private readonly rules: FileRules<T>,
    private readonly images: ImageReencoder,
    private readonly keeping: FileKeeping,
  ) {}

  /**
   * Runs `work` with the stored upload: undefined when no file was sent,
   * null when the client asked to remove it. A stored upload is kept by
   * `work`'s transaction (it joins the one opened here).
   */
  async storedFor<R>(
    ownerId: string,
    file: IncomingFile | null | undefined,
    work: (stored: StoredFile<T> | null | undefined) => Promise<R>,
  ): Promise<R> {
    if (!file) return work(file);
    const stored = await this.upload(ownerId, file);
    try {
      return await this.keeping.unitOfWork.transaction(async () => {
        const result = await work(stored);
        await this.keep(stored);
        return result;
      });
    } catch (error) {
      await this.abandon(stored);
      throw error;
    }
  }

  /** The upload checked and stored, recorded for removal until a write keeps it (`keep`). */
  async upload(ownerId: string, file: IncomingFile): Promise<StoredFile<T>> {
    const { kept, contentType } = await this.accepted(file);
    const graceEnds = new Date(this.keeping.clock.now().getTime() + UPLOAD_GRACE_MS);
    let recorded: string | undefined;
    const record = async (key: string) => {
      // On its own, before the object is stored: a process that dies after the put still leaves the row.
      await this.keeping.removals.add(this.namespace, key, graceEnds);
      recorded = key;
    };
    try {
      const key = await this.storage.put(ownerId, kept, contentType, record);
      return { key, contentType, size: kept.size };
    } catch (error) {
      // The store may hold the object all the same (it took it, and its answer was lost): no write will take it.
      if (recorded) await this.keeping.removals.add(this.namespace, recorded, this.keeping.clock.now()).catch(() => undefined);
      throw error;
    }
  }

  /** In the write's transaction: the write references the upload, which stays. */
  async keep(stored: StoredFile): Promise<void> {
    await this.keeping.removals.cancel(this.namespace, stored.key);
  }

  /** An upload whose write failed: removed now, or when the sweep comes to it. */
  async abandon(stored: StoredFile): Promise<void> {
    await this.keeping.removals.add(this.namespace, stored.key, this.keeping.clock.now()).catch(() => undefined);
    await this.removeNow(stored);
  }

  /** In the write's transaction: the write no longer references the file, which is to be removed. */
  async leave(stored: StoredFile | null): Promise<void> {
    if (stored) await this.keeping.removals.add(this.namespace, stored.key, this.keeping.clock.now());
  }

  /** After the commit of a write that left `stored` (`leave`): removed now when the storage answers, else by the sweep. */
  async discard(stored: StoredFile | null): Promise<void> {
    if (stored) await this.removeNow(stored);
  }

  /** The file's bytes, or null when the storage no longer has them. */
  read(stored: StoredFile): Promise<AsyncIterable<Uint8Array> | null> {
    return this.storage.read(stored.key);
  }

  /** The write it follows is committed or undone: a failure here is the sweep's to mend, not the request's. */
  private async removeNow(stored: StoredFile): Promise<void> {
    try {
      await this.storage.remove(stored.key);
    } catch {
      return;
    }
    await this.keeping.removals.done(this.namespace, stored.key).catch(() => undefined);
  }

  private async accepted(file: IncomingFile): Promise<{ kept: IncomingFile; contentType: T }> {
    const { field, accepts, maxBytes, invalid } = this.rules;
    if (file.size === 0) throw ValidationFailed.field(field, 'The submitted file is empty.');
    // The HTTP adapter refuses larger bodies with 413 first; this keeps the rule whatever the caller.
    if (file.size > maxBytes) throw ValidationFailed.field(field, 'The submitted file is too large.');
    const contentType = detectFileType(await file.head(SIGNATURE_BYTES));
    if (!accepts.has(contentType)) throw ValidationFailed.field(field, invalid);
    const kept = isImage(contentType) ? await this.reencoded(file, contentType) : file;
    if (kept.size > maxBytes) throw ValidationFailed.field(field, 'The submitted file is too large.');
    return { kept, contentType };
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
