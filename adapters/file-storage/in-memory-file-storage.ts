import { FileStorage } from '../../application/shared/file-storage';
import { IncomingFile } from '../../application/shared/incoming-file';
import { FileContentType } from '../../domain/shared/file-type';
import { newFileKey } from './file-keys';

/** Files in process memory, for use-case tests: one instance per namespace. */
export class InMemoryFileStorage implements FileStorage {
  private readonly files = new Map<string, Buffer>();

  async put(ownerId: string, file: IncomingFile, contentType: FileContentType, beforeStoring?: (key: string) => Promise<void>): Promise<string> {
    const key = newFileKey(ownerId, contentType);
    await beforeStoring?.(key);
    const chunks: Uint8Array[] = [];
    for await (const chunk of file.content()) chunks.push(chunk);
    this.files.set(key, Buffer.concat(chunks));
    return key;
  }

  async read(key: string): Promise<AsyncIterable<Uint8Array> | null> {
    const bytes = this.files.get(key);
    return bytes ? (async function* () { yield bytes; })() : null;
  }

  async remove(key: string): Promise<void> {
    this.files.delete(key);
  }

  /** The keys stored, for tests that check nothing is left behind. */
  keys(): string[] {
    return [...this.files.keys()];
  }
}
