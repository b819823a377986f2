import { Choices, ChoiceOf } from '../shared/choices';

export const RECEIPT_CONTENT_TYPES = new Choices([
  ['application/pdf', 'PDF'],
  ['image/png', 'PNG'],
  ['image/jpeg', 'JPEG'],
  ['image/webp', 'WebP'],
] as const);
export type ReceiptContentType = ChoiceOf<typeof RECEIPT_CONTENT_TYPES>;

/** The extension a stored or downloaded receipt gets, from its detected type (never the client's file name). */
export const RECEIPT_FILE_EXTENSIONS: Readonly<Record<ReceiptContentType, string>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** Beyond this the upload is refused before it reaches the domain (413). */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

export const INVALID_RECEIPT = 'Upload a valid receipt: a PDF, PNG, JPEG or WebP file.';

/** A stored receipt file: the domain keeps the reference, the storage adapter the bytes. */
export interface ReceiptReference {
  /** Opaque key of the storage adapter. */
  key: string;
  contentType: ReceiptContentType;
  size: number;
}

/**
 * The receipt's type judged by its first bytes, never by the client's file name
 * or declared type; null for anything that is not an accepted kind.
 */
export function detectReceiptContentType(head: Uint8Array): ReceiptContentType | null {
  const startsWith = (bytes: number[], offset = 0) => bytes.every((byte, i) => head[offset + i] === byte);
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  if (startsWith(ascii('%PDF-'))) return 'application/pdf';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(ascii('RIFF')) && startsWith(ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
