/**
 * A file the client uploaded, as the HTTP adapter received it. The application
 * reads it through this interface only: it never sees paths or client file names.
 */
export interface IncomingFile {
  readonly size: number;
  /** The first `length` bytes, fewer when the file is shorter. */
  head(length: number): Promise<Uint8Array>;
  content(): AsyncIterable<Uint8Array>;
}

/** A file held in memory: what the service made of an upload (a re-encoded image). */
export class InMemoryFile implements IncomingFile {
  constructor(private readonly bytes: Uint8Array) {}

  get size(): number {
    return this.bytes.length;
  }

  async head(length: number): Promise<Uint8Array> {
    return this.bytes.subarray(0, length);
  }

  async *content(): AsyncIterable<Uint8Array> {
    yield this.bytes;
  }

  /** The whole of `file`, read into memory. */
  static async read(file: IncomingFile): Promise<Uint8Array> {
    const whole = new Uint8Array(file.size);
    let filled = 0;
    for await (const chunk of file.content()) {
      whole.set(chunk.subarray(0, whole.length - filled), filled);
      filled += chunk.length;
    }
    return whole.subarray(0, Math.min(filled, whole.length));
  }
}
