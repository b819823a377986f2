/**
 * The kinds of file the service keeps (receipts, pictures), each judged by its
 * first bytes: never by the client's file name or declared type.
 */
export type FileContentType = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/webp' | 'text/csv';

/** The raster images among them, which are re-encoded on upload. */
export type ImageContentType = Exclude<FileContentType, 'application/pdf' | 'text/csv'>;

export const isImage = (type: FileContentType): type is ImageContentType => type.startsWith('image/');

/** The extension a stored or downloaded file gets, from its detected type. */
export const FILE_EXTENSIONS: Readonly<Record<FileContentType, string>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  // A background import's file, kept until the import ends (never detected: the import reads it as CSV).
  'text/csv': 'csv',
};

/** Enough for every signature `detectFileType` knows (WebP's ends at byte 12). */
export const SIGNATURE_BYTES = 16;

/** The file's type by its magic bytes; null for anything that is none of the known kinds. */
export function detectFileType(head: Uint8Array): FileContentType | null {
  const startsWith = (bytes: number[], offset = 0) => bytes.every((byte, i) => head[offset + i] === byte);
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  if (startsWith(ascii('%PDF-'))) return 'application/pdf';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(ascii('RIFF')) && startsWith(ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** A stored file: the domain keeps the reference, the storage adapter the bytes. */
export interface StoredFile<T extends FileContentType = FileContentType> {
  /** Opaque key of the storage adapter. */
  key: string;
  contentType: T;
  size: number;
}
