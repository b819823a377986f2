import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileNamespace, FileStorage } from '../../application/shared/file-storage';
import { IncomingFile } from '../../application/shared/incoming-file';
import { FileContentType } from '../../domain/shared/file-type';
import { assertFileKey, newFileKey } from './file-keys';

/**
 * Files as files under `<data dir>/<namespace>` (`receipts`, `pictures`). A
 * file is written under a temporary name, flushed to disk and renamed, so
 * that a stored key always names a whole file, and one acknowledged survives a crash.
 */
export class LocalDiskFileStorage implements FileStorage {
  private readonly root: string;

  constructor(dataDir: string, namespace: FileNamespace) {
    this.root = path.join(dataDir, namespace);
  }

  async put(ownerId: string, file: IncomingFile, contentType: FileContentType, beforeStoring?: (key: string) => Promise<void>): Promise<string> {
    const key = newFileKey(ownerId, contentType);
    await beforeStoring?.(key);
    const target = this.pathOf(key);
    const directory = path.dirname(target);
    // Receipts and pictures are the organisations' and people's own: for the service's user alone.
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const partial = `${target}.partial`;
    const handle = await open(partial, 'wx', 0o600);
    try {
      for await (const chunk of file.content()) await handle.write(chunk);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(partial, { force: true });
      throw error;
    }
    await handle.close();
    await rename(partial, target);
    await syncDirectory(directory);
    return key;
  }

  async read(key: string): Promise<AsyncIterable<Uint8Array> | null> {
    const file = this.pathOf(key);
    const found = await stat(file).catch(() => null);
    return found?.isFile() ? createReadStream(file) : null;
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    assertFileKey(key);
    return path.join(this.root, ...key.split('/'));
  }
}

/** Makes the rename itself durable. */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
