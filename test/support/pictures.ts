import { ApiClient, ApiResponse } from './api-client';
import { TestUser } from './accounts';
import { RECEIPT_FILES } from './expenses';

const ascii = (text: string) => Buffer.from(text, 'latin1');

const base64 = (text: string) => Buffer.from(text, 'base64');

/**
 * Small images of each accepted kind (6 × 5, 8 × 6 and 7 × 5 pixels of one colour), as the service's
 * re-encoding writes them, without metadata: it gives them back byte for byte (test/support/images.ts
 * makes images that it changes).
 */
export const PICTURE_FILES = {
  png: { type: 'image/png', bytes: base64('iVBORw0KGgoAAAANSUhEUgAAAAYAAAAFCAIAAADpOgqxAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWP4sIABDaHzKRECAM+HLuHMUQmeAAAAAElFTkSuQmCC') },
  jpeg: {
    type: 'image/jpeg',
    bytes: base64(
      '/9j/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCGALmVf//Z',
    ),
  },
  webp: { type: 'image/webp', bytes: base64('UklGRh4AAABXRUJQVlA4TBEAAAAvBgABAAdQwIIUsP+BiOh/AAA=') },
} as const;

/** Files that are not pictures, however they are labelled. */
export const NOT_PICTURES = {
  svg: { type: 'image/svg+xml', bytes: ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'me.svg' },
  gif: { type: 'image/gif', bytes: ascii('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), name: 'me.gif' },
  text: { type: 'image/png', bytes: ascii('just some text, labelled as a PNG'), name: 'me.png' },
  pdf: { type: 'image/png', bytes: RECEIPT_FILES.pdf.bytes, name: 'me.png' },
} as const;

/** A multipart body with one `picture` part. */
export function pictureForm(file: { bytes: Buffer; type?: string; name?: string }, field = 'picture'): FormData {
  const form = new FormData();
  form.append(field, new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name ?? 'picture.png');
  return form;
}

export const putPicture = (api: ApiClient, path: string, file: { bytes: Buffer; type?: string; name?: string }): Promise<ApiResponse> =>
  api.put(path, undefined, { multipart: pictureForm(file) });

/** A GET of a picture with the user's Basic credentials, the body as bytes (the API client reads text). */
export async function download(baseUrl: string, url: string, user: TestUser): Promise<{ status: number; type: string | null; cacheControl: string | null; bytes: Buffer }> {
  const absolute = url.startsWith('http') ? url : `${baseUrl}${url}`;
  const response = await fetch(absolute, { headers: { Authorization: `Basic ${Buffer.from(`${user.email}:${user.password}`).toString('base64')}` } });
  return {
    status: response.status,
    type: response.headers.get('Content-Type'),
    cacheControl: response.headers.get('Cache-Control'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
