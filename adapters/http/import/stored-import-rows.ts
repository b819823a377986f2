import { ImportRow } from '../../../application/import/import-records';
import { ClaimedImport, ImportRowSource } from '../../../application/import/import.ports';
import { FileStorage } from '../../../application/shared/file-storage';
import { IncomingFile } from '../../../application/shared/incoming-file';
import { ResourceDeclaration } from '../../declaration/resource-declaration';
import { ImportColumns } from './import-columns';
import { csvRecords } from './import-file';

/** A stored file read back as an upload is read: a stream each time, from the storage. */
class StoredImportFile implements IncomingFile {
  constructor(
    private readonly files: FileStorage,
    private readonly key: string,
    readonly size: number,
  ) {}

  async head(length: number): Promise<Uint8Array> {
    const chunks: Buffer[] = [];
    let read = 0;
    for await (const chunk of this.content()) {
      chunks.push(Buffer.from(chunk));
      read += chunk.length;
      if (read >= length) break;
    }
    return Buffer.concat(chunks).subarray(0, length);
  }

  async *content(): AsyncIterable<Uint8Array> {
    const stream = await this.files.read(this.key);
    if (stream === null) throw new Error('The file of a background import is missing from the storage.');
    yield* stream;
  }
}

/**
 * The rows of a background import's file, read from the file storage as a
 * stream (memory holds a chunk and a record), numbered and bound as the
 * request's import binds them (`ImportColumns`), after the first `skip`.
 */
export class StoredImportRows implements ImportRowSource {
  constructor(
    private readonly files: FileStorage,
    private readonly declarations: Readonly<Record<string, ResourceDeclaration>>,
  ) {}

  async *rows(claimed: ClaimedImport, skip: number): AsyncIterable<ImportRow> {
    const file = new StoredImportFile(this.files, claimed.fileKey, claimed.fileSize);
    let columns: ImportColumns | undefined;
    let number = 0;
    for await (const record of csvRecords(file)) {
      number += 1;
      if (columns === undefined) {
        columns = new ImportColumns(this.declarations[claimed.resource], record.map((name) => name.trim()));
        continue;
      }
      // Row n of the file is its (n - 1)th row after the header.
      if (number - 1 <= skip) continue;
      yield columns.rowOf(number, record);
    }
  }
}
