import { ApiClient } from './api-client';

/** A multipart import request of `file` (bytes or text) with its other fields. */
export function importForm(file: string | Buffer, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([typeof file === 'string' ? Buffer.from(file, 'utf8') : file], { type: 'text/csv' }), 'import.csv');
  return form;
}

/**
 * A vendors file of `rows` rows, `unique_id` `<prefix>-<n>` (n from 1), each
 * with a website; the rows numbered in `bad` (1 is the first after the header)
 * with one that is no URL.
 */
export function vendorsFile(prefix: string, rows: number, options: { bad?: number[] } = {}): string {
  const bad = new Set(options.bad ?? []);
  const lines = ['unique_id,name,website'];
  for (let n = 1; n <= rows; n += 1) lines.push(`${prefix}-${n},Vendor ${prefix} ${n},${bad.has(n) ? 'not a url' : `https://${prefix}-${n}.example`}`);
  return `${lines.join('\n')}\n`;
}

/** Every answer of `GET location` until the import ended (not `queued` or `running`), polled every 50 ms. */
export async function waitForImport(api: ApiClient, location: string, timeoutMs = 150_000): Promise<Record<string, unknown>[]> {
  const polls: Record<string, unknown>[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await api.get(location);
    if (response.status !== 200) throw new Error(`GET ${location}: ${response.status} ${JSON.stringify(response.body)}`);
    polls.push(response.body);
    if (response.body.status !== 'queued' && response.body.status !== 'running') return polls;
    if (Date.now() > deadline) throw new Error(`the import did not end: ${JSON.stringify(response.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
