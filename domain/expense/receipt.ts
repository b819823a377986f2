import { Choices, ChoiceOf } from '../shared/choices';
import { detectFileType, FILE_EXTENSIONS, StoredFile } from '../shared/file-type';

export const RECEIPT_CONTENT_TYPES = new Choices([
  ['application/pdf', 'PDF'],
  ['image/png', 'PNG'],
  ['image/jpeg', 'JPEG'],
  ['image/webp', 'WebP'],
] as const);
export type ReceiptContentType = ChoiceOf<typeof RECEIPT_CONTENT_TYPES>;

/** The extension a stored or downloaded receipt gets, from its detected type (never the client's file name). */
export const RECEIPT_FILE_EXTENSIONS: Readonly<Record<ReceiptContentType, string>> = FILE_EXTENSIONS;

/** Beyond this the upload is refused before it reaches the domain (413). */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

export const INVALID_RECEIPT = 'Upload a valid receipt: a PDF, PNG, JPEG or WebP file.';

/** A stored receipt file: the domain keeps the reference, the storage adapter the bytes. */
export type ReceiptReference = StoredFile<ReceiptContentType>;

/**
 * The receipt's type judged by its first bytes, never by the client's file name
 * or declared type; null for anything that is not an accepted kind.
 */
export function detectReceiptContentType(head: Uint8Array): ReceiptContentType | null {
  const type = detectFileType(head);
  return type && RECEIPT_CONTENT_TYPES.has(type) ? type : null;
}
