import { readdirSync, readFileSync } from 'node:fs';

/** A mail the development outbox (`DATA_DIR/outbox/`, without `SMTP_URL`) holds. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** The mails the development outbox folder holds, in the order they were written; one still being written is left for the next look. */
export function outboxMails(outbox: string): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(outbox).sort();
  } catch {
    return []; // nothing written yet
  }
  return files.flatMap((file) => {
    try {
      return [JSON.parse(readFileSync(`${outbox}/${file}`, 'utf8')) as OutboxMail];
    } catch {
      return [];
    }
  });
}

/** `read()`'s first answer that is not undefined, looked for every 25 ms. */
export async function eventually<T>(read: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
