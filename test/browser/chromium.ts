import { existsSync } from 'node:fs';

/** Debian's `chromium` package, or the browser CHROMIUM_PATH names. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether the browser tests belong to this run: where Chromium is installed,
 * and always under REQUIRE_BROWSER=1 (CI), where a missing Chromium then fails
 * them rather than leaving them out. Read by jest.config.ts, as Postgres tests
 * are chosen by TEST_DATABASE_URL.
 */
export function browserTestsSelected(): boolean {
  return process.env.REQUIRE_BROWSER === '1' || existsSync(CHROMIUM_PATH);
}
