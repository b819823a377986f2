import BetterSqlite3 from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiClient, ApiResponse } from '../support/api-client';
import { signUp, TestUser } from '../support/accounts';
import { runCommand } from '../support/backup-commands';
import { anExpense, expensePaths, multipart } from '../support/expenses';
import { LoadAnswer, startLoad, until } from '../support/load';
import { ServerProcess, startServerProcess } from '../support/server-process';
import { sharedDatabaseEngines, SharedDatabase } from '../support/shared-database';

const CLIENTS = 32;
/** Put in the URL the backup and restore commands are given: it must never be printed. */
const PASSWORD = 'not-to-be-printed-7f3a';

const toolsPresent = ['pg_dump', 'pg_restore'].every((tool) => spawnSync(tool, ['--version']).status === 0);
const engines = sharedDatabaseEngines.filter(([engine]) => engine === 'sqlite' || toolsPresent);
// With a Postgres test database the Postgres backup must be tested (CI always gives one): without its tools, a failure that says what to install.
if (!toolsPresent && process.env.TEST_DATABASE_URL) {
  describe('backups of Postgres', () => {
    it('needs pg_dump and pg_restore on PATH (apt-get install postgresql-client)', () => {
      expect({ pg_dump: toolsPresent, pg_restore: toolsPresent }).toEqual({ pg_dump: true, pg_restore: true });
    });
  });
}

/** DATABASE_URL for the commands: on Postgres with a password in it (trust authentication ignores it). */
function commandEnv(engine: string, env: Record<string, string>): Record<string, string> {
  if (engine !== 'postgres') return env;
  const url = new URL(env.DATABASE_URL!);
  if (!url.password) url.password = PASSWORD;
  return { ...env, DATABASE_URL: url.toString() };
}

/** A receipt of its own per expense, so that each one read back proves its own file came through. */
const receiptFor = (client: number, n: number) => Buffer.concat([Buffer.from(`%PDF-1.7\n% ${client}-${n}\n`), randomBytes(2000), Buffer.from('\n%%EOF\n')]);

/**
 * `npm run backup` while 32 clients write (vendors, and expenses with a
 * receipt each), then `npm run restore` of it into an empty place and a
 * server started there: every write acknowledged before the backup began is
 * in the copy and served again, receipts byte for byte.
 */
describe.each(engines)('backup and restore on %s', (engine, open) => {
  let root: string;
  let databases: SharedDatabase[];
  let server: ServerProcess | undefined;
  let owner: TestUser;
  let backup: string;
  const baseEnv = (dataDir: string, database: SharedDatabase) => ({
    ...database.env,
    DATA_DIR: dataDir,
    PASSWORD_HASH_LOG2_N: '14',
    NEW_ACCOUNTS_PER_CLIENT_PER_HOUR: '1000',
  });
  let sourceEnv: Record<string, string>;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'backup-'));
    databases = [await open(path.join(root, 'data'))];
    sourceEnv = baseEnv(path.join(root, 'data'), databases[0]!);
    server = await startServerProcess(sourceEnv);
    owner = await signUp(new ApiClient(server.baseUrl));
    backup = path.join(root, 'backups', 'nightly');
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    for (const database of databases ?? []) await database.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  const vendors = () => `/api/v1.0/organisation/${owner.organisationUniqueId}/vendors`;
  const expenses = () => expensePaths(owner.organisationUniqueId);

  it('copies, under a write load of 32 clients, every write acknowledged before it began; a restore of it serves them', async () => {
    const receipts = new Map<string, Buffer>();
    const load = startLoad(
      CLIENTS,
      async (client, n): Promise<ApiResponse> => {
        if (client % 2 === 0) return owner.api.post(`${vendors()}/create/`, { name: `Vendor ${client}-${n}` });
        const bytes = receiptFor(client, n);
        const created = await owner.api.post(expenses().create, undefined, { multipart: multipart(anExpense(), { bytes, type: 'application/pdf' }) });
        if (created.status === 201) receipts.set(created.body.unique_id, bytes);
        return created;
      },
      { maxMs: 120_000 },
    );
    let answers: LoadAnswer[];
    let began: number;
    let made: Awaited<ReturnType<typeof runCommand>>;
    try {
      // Every client has had a write acknowledged: vendors and expenses with their receipts alike.
      const acknowledged = () => load.answers.filter((answer) => answer.response?.status === 201);
      await until(() => new Set(acknowledged().map((answer) => answer.client)).size === CLIENTS && acknowledged().length >= 2 * CLIENTS, 60_000, 'writes before the backup');
      began = performance.now();
      made = await runCommand('backup', ['--out', backup], commandEnv(engine, sourceEnv));
      // The load goes on a little past the backup's end, as a server's would.
      const ended = performance.now();
      await until(() => load.answers.some((answer) => answer.startedAt > ended), 10_000, 'a write after the backup');
    } finally {
      answers = await load.stop();
    }
    expect(made.output).not.toContain(PASSWORD);
    expect({ status: made.status, output: made.output }).toEqual({ status: 0, output: expect.stringContaining('"msg":"backed up"') });

    // The service kept answering while the backup ran: every request a 201.
    const refused = answers.filter((answer) => answer.response?.status !== 201);
    expect(refused.map(({ response, failure }) => failure ?? `${response!.status} ${response!.text}`)).toEqual([]);
    // Acknowledged before the command began (the issue's measure), and, a stricter one, before the copy was
    // taken (the manifest's `takenAt`): the latest writes, still in SQLite's WAL, must be in the copy too.
    const manifest = JSON.parse(readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
    const answeredAt = (answer: LoadAnswer) => performance.timeOrigin + answer.startedAt + answer.elapsedMs;
    const acknowledgedBy = (instant: number) => answers.filter((answer) => answeredAt(answer) < instant);
    expect(acknowledgedBy(performance.timeOrigin + began).filter((answer) => answer.client % 2 === 1).length).toBeGreaterThanOrEqual(CLIENTS / 2);
    const before = acknowledgedBy(Date.parse(manifest.takenAt));
    const vendorIds = before.filter((answer) => answer.client % 2 === 0).map((answer) => answer.response!.body.unique_id as string);
    const expenseIds = before.filter((answer) => answer.client % 2 === 1).map((answer) => answer.response!.body.unique_id as string);
    expect(manifest).toMatchObject({ database: { engine }, files: 'local' });
    expect(manifest.fileCounts.receipts).toBeGreaterThanOrEqual(expenseIds.length);
    if (engine === 'sqlite') {
      // The copy opens, is whole, and holds every acknowledged write.
      const copy = new BetterSqlite3(path.join(backup, 'app.db'), { readonly: true, fileMustExist: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        const idsIn = (table: string) => new Set((copy.prepare(`SELECT unique_id FROM ${table}`).all() as { unique_id: string }[]).map((row) => row.unique_id));
        const [copiedVendors, copiedExpenses] = [idsIn('vendors'), idsIn('expenses')];
        expect(vendorIds.filter((id) => !copiedVendors.has(id))).toEqual([]);
        expect(expenseIds.filter((id) => !copiedExpenses.has(id))).toEqual([]);
      } finally {
        copy.close();
      }
    }
    await server!.stop();
    server = undefined;

    // Restored into an empty data directory (and, on Postgres, a new empty database), then served.
    const target = path.join(root, 'restored');
    databases.push(await open(target));
    const targetEnv = baseEnv(target, databases[1]!);
    const restored = await runCommand('restore', [backup], commandEnv(engine, targetEnv));
    expect(restored.output).not.toContain(PASSWORD);
    expect({ status: restored.status, output: restored.output }).toEqual({ status: 0, output: expect.stringContaining('"msg":"restored"') });
    server = await startServerProcess(targetEnv);
    const api = new ApiClient(server.baseUrl).basic(owner.email, owner.password);

    const missing: string[] = [];
    const ids = [...vendorIds.map((id) => ['vendor', id] as const), ...expenseIds.map((id) => ['expense', id] as const)];
    for (let at = 0; at < ids.length; at += 8) {
      await Promise.all(
        ids.slice(at, at + 8).map(async ([kind, id]) => {
          if (kind === 'vendor') {
            const read = await api.get(`${vendors()}/${id}/`);
            if (read.status !== 200) missing.push(`vendor ${id}: ${read.status}`);
            return;
          }
          const read = await fetch(`${server!.baseUrl}${expenses().receipt(id)}`, {
            headers: { Authorization: `Basic ${Buffer.from(`${owner.email}:${owner.password}`).toString('base64')}` },
          });
          const bytes = Buffer.from(await read.arrayBuffer());
          if (read.status !== 200 || !bytes.equals(receipts.get(id)!)) missing.push(`receipt of expense ${id}: ${read.status}`);
        }),
      );
    }
    expect(missing).toEqual([]);
  }, 300_000);

  it('refuses to restore into a data directory or a database that holds anything, changing nothing', async () => {
    expect(existsSync(path.join(backup, 'manifest.json'))).toBe(true);
    // A data directory in use: the one the restored server serves from (on Postgres, with its database).
    const used = path.join(root, 'restored');
    const snapshot = (directory: string) => readdirSync(directory).sort();
    const beforeUsed = snapshot(used);
    // A data directory holding a file of someone's (on Postgres, beside an empty database).
    const other = path.join(root, 'other');
    mkdirSync(other);
    writeFileSync(path.join(other, 'notes.txt'), 'mine');
    const fresh = await open(other);
    databases.push(fresh);
    // On Postgres, an empty data directory, but the database of the running server.
    const empty = path.join(root, 'empty');
    const restore = (env: Record<string, string>) => runCommand('restore', [backup], commandEnv(engine, env));
    const [intoUsed, intoOther, intoDatabase, again] = await Promise.all([
      restore(baseEnv(used, databases[1]!)),
      restore(baseEnv(other, fresh)),
      engine === 'postgres' ? restore(baseEnv(empty, databases[1]!)) : undefined,
      // Nor does a backup overwrite one.
      runCommand('backup', ['--out', backup], commandEnv(engine, baseEnv(used, databases[1]!))),
    ]);

    expect(intoUsed.status).toBe(1);
    expect(intoUsed.output).toContain('is not empty');
    expect(intoUsed.output).toContain('Nothing was changed.');
    expect(snapshot(used)).toEqual(beforeUsed);

    expect(intoOther.status).toBe(1);
    expect(intoOther.output).toContain(`DATA_DIR (${other}) is not empty`);
    expect(readdirSync(other)).toEqual(['notes.txt']);
    expect(readFileSync(path.join(other, 'notes.txt'), 'utf8')).toBe('mine');

    if (intoDatabase) {
      expect(intoDatabase.status).toBe(1);
      expect(intoDatabase.output).toContain('The database of DATABASE_URL is not empty');
      expect(existsSync(empty) ? readdirSync(empty) : []).toEqual([]);
    }
    expect((await new ApiClient(server!.baseUrl).basic(owner.email, owner.password).get(`${vendors()}/`)).status).toBe(200);

    expect(again.status).toBe(1);
    expect(again.output).toContain('already exists and is not empty');
    for (const result of [intoUsed, intoOther, intoDatabase, again]) expect(result?.output ?? '').not.toContain(PASSWORD);
  }, 180_000);
});

describe('the backup and restore commands, before they touch anything', () => {
  let root: string;

  beforeAll(() => (root = mkdtempSync(path.join(tmpdir(), 'backup-commands-'))));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('say how to back Postgres up when pg_dump is missing, and that a directory is not a backup; exit 1, leaving nothing', async () => {
    const env = { DATA_DIR: path.join(root, 'data'), DATABASE_URL: `postgres://service:${PASSWORD}@127.0.0.1:5432/business`, PATH: path.join(root, 'no-tools') };
    mkdirSync(path.join(root, 'not-a-backup'));
    const [dumped, restored] = await Promise.all([
      runCommand('backup', ['--out', path.join(root, 'backups', 'tonight')], env),
      runCommand('restore', [path.join(root, 'not-a-backup')], env),
    ]);
    expect(dumped.status).toBe(1);
    expect(dumped.output).toContain('pg_dump was not found on PATH');
    expect(dumped.output).toContain('apt-get install postgresql-client');
    expect(readdirSync(path.join(root, 'backups'))).toEqual([]); // no half-made backup left
    expect(restored.status).toBe(1);
    expect(restored.output).toContain('is not a backup made by npm run backup');
    expect(existsSync(env.DATA_DIR)).toBe(false);
    for (const result of [dumped, restored]) expect(result.output).not.toContain(PASSWORD);
  }, 60_000);
});
