import { randomBytes } from 'node:crypto';
import { RequestOptions } from './api-client';

/**
 * A multipart body built by hand, as Python `requests` sends `files={'picture': f}`:
 * the file part names a file but has no Content-Type of its own (FormData
 * always adds one, so it cannot send this).
 */
export function untypedFilePart(
  file: { field: string; name: string; bytes: Buffer },
  fields: Record<string, unknown> = {},
): Pick<RequestOptions, 'raw' | 'contentType'> {
  const boundary = randomBytes(16).toString('hex');
  const parts: Buffer[] = Object.entries(fields).map(
    ([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`),
  );
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { raw: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
