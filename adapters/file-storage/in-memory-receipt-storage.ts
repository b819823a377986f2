import { randomUUID } from 'node:crypto';
import { ReceiptStorage } from '../../application/expense/expense.ports';
import { IncomingFile } from '../../application/shared/incoming-file';
import { RECEIPT_FILE_EXTENSIONS, ReceiptContentType } from '../../domain/expense/receipt';

/** Receipts in process memory, for use-case tests. */
export class InMemoryReceiptStorage implements ReceiptStorage {
  private readonly files = new Map<string, Buffer>();

  async put(organisationId: string, file: IncomingFile, contentType: ReceiptContentType): Promise<string> {
    const chunks: Uint8Array[] = [];
    for await (const chunk of file.content()) chunks.push(chunk);
    const key = `${organisationId}/${randomUUID()}.${RECEIPT_FILE_EXTENSIONS[contentType]}`;
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
