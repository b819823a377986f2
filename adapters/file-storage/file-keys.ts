import { randomUUID } from 'node:crypto';
import { FILE_EXTENSIONS, FileContentType } from '../../domain/shared/file-type';

/** `<owner id>/<random uuid>.<ext>`: nothing of it comes from the client. */
const KEY = /^[A-Za-z0-9-]{1,64}\/[0-9a-f-]{36}\.(pdf|png|jpg|webp|csv)$/;

/** A new key for a file of `ownerId`, named by its detected type. */
export function newFileKey(ownerId: string, contentType: FileContentType): string {
  return `${ownerId}/${randomUUID()}.${FILE_EXTENSIONS[contentType]}`;
}

/** Keys come from the database, but a path or a request is only ever built from a well-formed one. */
export function assertFileKey(key: string): void {
  if (!KEY.test(key)) throw new Error('Malformed file key.');
}
