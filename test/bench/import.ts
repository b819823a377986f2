import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { seed } from '../../config/seeding/bulk-seed';
import { peakRss, serviceArgs, startServer } from './server-process';

/**
 * `npm run bench -- --import [--rows 100000] [--import-modes valid_rows,all_or_nothing] [--no-direct]`: a background CSV import of
 * that many vendors (issue 45), on SQLite (and on Postgres, in a schema of its own of
 * TEST_DATABASE_URL's database, with `--engines postgres` or by default when it is set), the service in its own process
 * with the production settings, against the rate at which the bench's seeding
 * inserts vendors directly (its repository, batches of rows, no use cases).
 *
 * - `valid_rows`: rows per second, and the server's peak RSS during the import
 *   against its RSS idle just before (goal: within 50 MB).
 * - `all_or_nothing`: rows per second of both passes.
 * - Both: what the import costs every other request: a vendor is created
 *   through the API every 200 ms meanwhile, and the slowest of those creates
 *   is the longest the one writer of SQLite was held (a chunk of `valid_rows`,
 *   the write pass of `all_or_nothing`).
 *
 * Printed, never asserted.
 */
export type ImportMode = 'valid_rows' | 'all_or_nothing';

const EMAIL = 'owner@import.bench';
const METRICS = randomBytes(16).toString('hex');
const PASSWORD = 'a long and correct passphrase';

export async function runImportBench(
  root: string,
  rows: number,
  modes: readonly ImportMode[] = ['valid_rows', 'all_or_nothing'],
  options: { direct?: boolean; engine?: 'sqlite' | 'postgres' } = {},
): Promise<void> {
  const engine = options.engine ?? 'sqlite';
  const direct = options.direct === false ? null : await directInsertRate(rows, engine);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'import-bench-'));
  const server = await startServer({
    args: serviceArgs(root),
    cwd: root,
    env: {
      NODE_ENV: 'production',
      FIELD_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      DATA_DIR: dataDir,
      DATABASE_URL: await freshDatabase(engine),
      LOG_LEVEL: 'silent',
      NEW_ACCOUNTS_PER_CLIENT_PER_HOUR: '1000000',
      WEBHOOK_POLL_MS: '200',
      METRICS_TOKEN: METRICS,
    },
  });
  try {
    const base = server.baseUrl;
    const auth = `Basic ${Buffer.from(`${EMAIL}:${PASSWORD}`).toString('base64')}`;
    const signedUp = await request(base, 'POST', '/api/v1.0/auth/signup/', { json: { email: EMAIL, password: PASSWORD, first_name: 'Ida', last_name: 'Importer', organisation_name: 'Import bench' } });
    if (signedUp.status !== 201) throw new Error(`the bench account was not created: ${signedUp.status} ${JSON.stringify(signedUp.body)}`);
    const org = `/api/v1.0/organisation/${(signedUp.body as { organisation: { unique_id: string } }).organisation.unique_id}`;
    console.log(`import: ${rows} vendors, ${engine === 'sqlite' ? 'SQLite' : 'Postgres'}; direct inserts (the bench's seeding): ${direct === null ? 'not measured (--no-direct)' : rate(rows, direct)}`);

    for (const mode of modes) {
      // Basic's first check is a scrypt hash (128 MiB at N = 2^17): done before the idle figure, then remembered
      // (BASIC_AUTH_CACHE_SECONDS) through the polls, so that the peak is the import's own.
      await request(base, 'GET', '/api/v1.0/me/', { auth });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const idleMb = server.rssMb();
      const idleHeap = await heapMb(base);
      const writes: number[] = [];
      const started = Date.now();
      // The request's own peak (it reads the file twice and stores it; its Basic check may be a scrypt hash), then the background run's.
      const { result: accepted, peakMb: postPeakMb } = await peakRss(server, () =>
        request(base, 'POST', `${org}/imports/`, { auth, form: { file: vendorsCsv(mode, rows), resource: 'vendors', mode } }),
      );
      if (accepted.status !== 202) throw new Error(`the import was not accepted: ${accepted.status} ${JSON.stringify(accepted.body)}`);
      const { result: ended, peakMb } = await peakRss(server, () =>
        untilEnded(base, auth, String(accepted.headers.get('location')), () => timedCreate(base, auth, org, writes)),
      );
      const seconds = (Date.now() - started) / 1000;
      const body = ended as Record<string, unknown>;
      console.log(
        `${mode.padEnd(15)} ${body.status} ${body.created} created in ${seconds.toFixed(1)} s: ${rate(rows, seconds)}; ` +
          `RSS idle ${idleMb.toFixed(0)} MB, peak while it ran ${peakMb.toFixed(0)} MB (+${(peakMb - idleMb).toFixed(0)} MB; goal within 50 MB: ${peakMb - idleMb <= 50 ? 'met' : 'missed'}); ` +
          `peak of the POST ${postPeakMb.toFixed(0)} MB`,
      );
      const heap = await heapMb(base);
      console.log(`  V8 heap (used / total), MB: idle ${idleHeap.used} / ${idleHeap.total}, after ${heap.used} / ${heap.total}; external ${heap.external} MB`);
      if (writes.length > 0) {
        const sorted = [...writes].sort((a, b) => a - b);
        console.log(`  a vendor created every 200 ms meanwhile: ${writes.length} creates, p50 ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, slowest ${sorted[sorted.length - 1].toFixed(0)} ms`);
      }
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Seconds the bench's seeding takes to insert `rows` vendors (with the sign-up it starts with) into a fresh database. */
async function directInsertRate(rows: number, engine: 'sqlite' | 'postgres'): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'import-bench-direct-'));
  try {
    const databaseUrl = await freshDatabase(engine);
    const started = Date.now();
    const env = { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, FIELD_ENCRYPTION_KEY: randomBytes(32).toString('base64'), PUBLIC_BASE_URL: 'http://127.0.0.1', LOG_LEVEL: 'silent' };
    await seed(env, { vendors: rows, expenses: 0 }, () => undefined);
    return (Date.now() - started) / 1000;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The `DATABASE_URL` of an empty database: SQLite's in the data directory (''), or the schema `import_bench` of TEST_DATABASE_URL's database, made afresh. */
async function freshDatabase(engine: 'sqlite' | 'postgres'): Promise<string> {
  if (engine === 'sqlite') return '';
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('Postgres needs TEST_DATABASE_URL');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS import_bench CASCADE');
    await client.query('CREATE SCHEMA import_bench');
  } finally {
    await client.end();
  }
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', '-c search_path=import_bench');
  return withSchema.toString();
}

/** The server's V8 heap and external memory now (`/metrics`), in MB. */
async function heapMb(base: string): Promise<{ used: number; total: number; external: number }> {
  const text = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS}` } })).text();
  const value = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 1024 / 1024);
  return { used: value('nodejs_heap_size_used_bytes'), total: value('nodejs_heap_size_total_bytes'), external: value('nodejs_external_memory_bytes') };
}

const rate = (rows: number, seconds: number) => `${Math.round(rows / seconds)} rows/s`;

/** A vendors file as an export would hold it: a unique_id, a name, a website, an e-mail and a city per row. */
function vendorsCsv(prefix: string, rows: number): Buffer {
  const lines = ['unique_id,name,website,email,address.city'];
  for (let n = 1; n <= rows; n += 1) lines.push(`${prefix}-${n},Vendor ${n} of ${prefix},https://v${n}.example,v${n}@example.com,City ${n % 97}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** Polls the import every 200 ms until it ended, running `alongside` meanwhile; answers its last body. */
async function untilEnded(base: string, auth: string, location: string, alongside: () => Promise<void>): Promise<unknown> {
  for (;;) {
    const polled = await request(base, 'GET', location, { auth });
    const status = (polled.body as { status?: string }).status;
    if (status !== 'queued' && status !== 'running') return polled.body;
    await Promise.all([alongside(), new Promise((resolve) => setTimeout(resolve, 200))]);
  }
}

async function timedCreate(base: string, auth: string, org: string, writes: number[]): Promise<void> {
  const started = performance.now();
  const created = await request(base, 'POST', `${org}/vendors/create/`, { auth, json: { name: `Alongside ${writes.length}` } });
  if (created.status === 201) writes.push(performance.now() - started);
}

async function request(
  base: string,
  method: string,
  url: string,
  options: { auth?: string; json?: object; form?: { file: Buffer } & Record<string, string | Buffer> },
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (options.auth) headers.Authorization = options.auth;
  let body: string | FormData | undefined;
  if (options.json) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    const form = new FormData();
    for (const [name, value] of Object.entries(options.form)) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([value], { type: 'text/csv' }), 'vendors.csv');
    }
    body = form;
  }
  const response = await fetch(`${base}${url}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
