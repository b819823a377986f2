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
