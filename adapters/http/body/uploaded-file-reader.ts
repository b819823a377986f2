import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { IncomingFile } from '../../../application/shared/incoming-file';
import { UploadedFile } from './read-body';

/** An upload on temporary storage, read through the application's IncomingFile port. */
export class UploadedFileReader implements IncomingFile {
  constructor(private readonly upload: UploadedFile) {}

  get size(): number {
    return this.upload.size;
  }

  async head(length: number): Promise<Uint8Array> {
    const handle = await open(this.upload.path, 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  content(): AsyncIterable<Uint8Array> {
    return createReadStream(this.upload.path);
  }
}
