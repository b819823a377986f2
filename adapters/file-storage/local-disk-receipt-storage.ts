import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ReceiptStorage } from '../../application/expense/expense.ports';
import { IncomingFile } from '../../application/shared/incoming-file';
import { RECEIPT_FILE_EXTENSIONS, ReceiptContentType } from '../../domain/expense/receipt';

/** `<organisation id>/<random uuid>.<ext>`: nothing of it comes from the client. */
const KEY = /^[A-Za-z0-9-]{1,64}\/[0-9a-f-]{36}\.(pdf|png|jpg|webp)$/;

/**
 * Receipts as files under `<data dir>/receipts`. A file is written under a
 * temporary name, flushed to disk and renamed, so that a stored key always
 * names a whole file, and one acknowledged survives a crash.
 */
export class LocalDiskReceiptStorage implements ReceiptStorage {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'receipts');
  }

  async put(organisationId: string, file: IncomingFile, contentType: ReceiptContentType): Promise<string> {
    const key = `${organisationId}/${randomUUID()}.${RECEIPT_FILE_EXTENSIONS[contentType]}`;
    const target = this.pathOf(key);
    const directory = path.dirname(target);
    // Receipts are the organisations' documents: for the service's user alone.
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
    // Keys come from the database, but a path is only ever built from a well-formed one.
    if (!KEY.test(key)) throw new Error('Malformed receipt key.');
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
