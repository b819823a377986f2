import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signUp } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { importForm, vendorsFile, waitForImport } from '../support/imports';
import { startServerProcess } from '../support/server-process';
import { sharedDatabaseEngines, SharedDatabase } from '../support/shared-database';

/**
 * Rows enough for the import to be still running when a poll first sees a
 * chunk committed: on SQLite a chunk of 500 rows takes some 0.2 s and a poll
 * may wait behind one or two of them; Postgres writes ten times slower.
 */
const ROWS: Record<string, number> = { sqlite: 10_000, postgres: 3000 };

/**
 * What only processes show of a background import: a server killed (kill -9)
 * in the middle leaves its claim to lapse, and another started over the same
 * database (and file storage) takes the import over after the last committed
 * chunk: every row imported once.
 */
describe.each(sharedDatabaseEngines)('background imports across processes on %s', (engine, open) => {
  const rows = ROWS[engine]!;
  let dataDir: string;
  let database: SharedDatabase;
  const key = randomBytes(32).toString('base64');
  const env = () => ({
    ...database.env,
    DATA_DIR: dataDir,
    FIELD_ENCRYPTION_KEY: key,
    PASSWORD_HASH_LOG2_N: '14',
    NEW_ACCOUNTS_PER_CLIENT_PER_HOUR: '1000',
    WEBHOOK_POLL_MS: '20',
  });

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'import-processes-'));
    database = await open(dataDir);
  });

  afterEach(async () => {
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('completes after a kill -9 in the middle, on another server, with no record imported twice', async () => {
    const first = await startServerProcess(env());
    const owner = await signUp(new ApiClient(first.baseUrl));
    const org = `/api/v1.0/organisation/${owner.organisationUniqueId}`;
    const response = await owner.api.request('POST', `${org}/imports/`, { multipart: importForm(vendorsFile('kill', rows), { resource: 'vendors', mode: 'valid_rows' }) });
    expect(response.status).toBe(202);
    const location = response.headers.get('location')!;
    // Killed once a chunk is committed and before the last one is.
    let seen: Record<string, unknown>;
    for (;;) {
      seen = (await owner.api.get(location)).body;
      if ((seen.rows_done as number) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    expect(seen).toMatchObject({ status: 'running' });
    expect(seen.rows_done).toBeLessThan(rows);

    const second = await startServerProcess(env());
    try {
      const api = new ApiClient(second.baseUrl).basic(owner.email, owner.password);
      const polls = await waitForImport(api, location, 170_000);
      expect(polls[polls.length - 1]).toMatchObject({ status: 'done', rows, rows_done: rows, created: rows, invalid: 0 });
      const ids: string[] = [];
      for (let page = 1; ; page += 1) {
        const vendors = await api.get(`${org}/vendors/?page=${page}&page_size=1000`);
        ids.push(...vendors.body.map((vendor: { unique_id: string }) => vendor.unique_id));
        if (vendors.body.length < 1000) break;
      }
      expect(ids).toHaveLength(rows);
      expect(new Set(ids).size).toBe(rows);
      // The file is removed once the import ended.
      expect(readdirSync(path.join(dataDir, 'imports'), { recursive: true }).filter((name) => String(name).endsWith('.csv'))).toEqual([]);
    } finally {
      await second.stop();
    }
  }, 240_000);
});
