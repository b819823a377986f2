import 'reflect-metadata';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { createDataSource } from '../../adapters/persistence/typeorm/data-source';
import { migrateExclusively } from '../../adapters/persistence/typeorm/engine/migrate';
import { migrations } from '../../adapters/persistence/typeorm/registry';
import { runAbuse } from './abuse';
import { ImportMode, runImportBench } from './import';
import { Load, LoadGenerator, loadGenerator, RequestKind } from './load';
import { BENCH_EMAIL, BENCH_PASSWORD, seed, SeedSizes } from '../../config/seeding/bulk-seed';
import { BASIC_AUTHORIZATION, BENCH_KEY_REQUESTS_PER_MINUTE, bearerAuthorization } from './credentials';
import { cpuSeconds, peakRss, ServerCommand, ServerProcess, serviceArgs, startServer } from './server-process';
import { FOREIGN_PCT, foreignCpu, waitIdle } from './machine';
import { Auth, BASELINE_VENDORS, Engine, goals, KEY_SCENARIOS, Measurement, printHeader, printRow, REPORT_EXPENSES, SCALED_SCENARIOS, scalingSummary } from './summary';

/**
 * `npm run bench`: seeds the service (SQLite; Postgres too when
 * TEST_DATABASE_URL is set), starts it in its own process as in production,
 * and loads it with wrk (or autocannon) scenario by scenario, with Basic and
 * with cookie authentication; given `--ceiling DIR`, the reference server
 * too, on the same data, and the ratios. The servers compared run side by
 * side and take each scenario in turn (service on SQLite, on Postgres, the
 * reference), so that each ratio compares neighbouring measurements. Prints
 * one line per measurement and the goals of issue 12 met or missed; writes
 * everything to `.bench/`.
 * Nothing here fails a build: goals are read, not asserted.
 *
 *   npm run bench -- [--vendors 10000] [--expenses 2000] [--duration 10] [--warmup 8]
 *                    [--connections 32] [--ceiling DIR] [--engines sqlite,postgres]
 *                    [--only list,search,me,create,mixed,report] [--auth basic,cookie,key] [--rounds 3] [--reseed]
 *                    [--tries 3] [--idle-wait 300]
 *
 * Each measurement is taken as `../shared/bench/bench.sh` takes it (machine.ts):
 * after the warm-up it waits (up to `--idle-wait` seconds) for an idle machine,
 * and it is taken again, up to `--tries` times in all, while other processes
 * used 8 % of the CPU or more during it.
 *
 * `--auth` chooses the credentials and their order (`--auth cookie,basic` runs
 * each scenario with cookies first); `key` is an API key of the bench user
 * (`Authorization: Bearer`), on the `/me/` and vendor-list scenarios
 * (KEY_SCENARIOS), against Basic's (issue 44). The service runs with the Node.js options of `npm start`
 * (package.json's `config.node_flags`); BENCH_SERVER_NODE_ARGS adds to them for the
 * service's node (`--cpu-prof --cpu-prof-dir=DIR` profiles it under the load);
 * BENCH_SERVER_LOG=FILE keeps its request log.
 *
 * `--abuse` measures what anonymous abuse costs everyone else instead (abuse.ts); `--import [--rows 100000] [--import-modes …]`
 * a background CSV import of that many vendors against direct inserts, and its memory (import.ts).
 *
 * With `--vendors` above 10 000 it measures how lists scale instead: page 1,
 * page 200 and a search on that many vendors against the same on 10 000.
 *
 * `report`: the expense report by month over 100 000 expenses, on data seeded
 * for it, one request at a time, so that its p50 is the time of one report.
 */

const ROOT = path.resolve(__dirname, '../../..');
const WORK = path.join(ROOT, '.bench');

interface Options {
  sizes: SeedSizes;
  seconds: number;
  warmup: number;
  connections: number;
  ceiling: string | null;
  engines: Engine[];
  only: string[] | null;
  auths: Auth[];
  rounds: number;
  reseed: boolean;
  abuse: boolean;
  importRows: number | null;
  importModes: ImportMode[];
  tries: number;
  idleWait: number;
}


/** A server ready to measure: where it runs and how to authenticate. */
interface Target {
  name: 'service' | 'ceiling';
  engine: Engine;
  vendors: number;
  organisation: string;
  process: ServerProcess;
  /** Measured with Basic alone: the reference has no sessions nor keys; a cluster is compared by Basic. */
  basicOnly: boolean;
  /** Server processes on the port (`WORKERS`). */
  workers: number;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string): string | undefined => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const number = (name: string, fallback: number): number => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const parsed = Number(raw.replace(/_/g, ''));
    if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${name} needs a whole number`);
    return parsed;
  };
  const engines = (value('engines') ?? (process.env.TEST_DATABASE_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as Engine[];
  if (engines.some((e) => e !== 'sqlite' && e !== 'postgres')) throw new Error('--engines takes sqlite and postgres');
  if (engines.includes('postgres') && !process.env.TEST_DATABASE_URL) throw new Error('Postgres needs TEST_DATABASE_URL');
  const ceiling = value('ceiling');
  const auths = (value('auth') ?? 'basic,cookie,key').split(',') as Auth[];
  if (auths.some((a) => a !== 'basic' && a !== 'cookie' && a !== 'key')) throw new Error('--auth takes basic, cookie and key');
  return {
    sizes: { vendors: number('vendors', BASELINE_VENDORS), expenses: number('expenses', 2000) },
    seconds: number('duration', 10),
    // bench.sh's runs and ab.ts warm up 8 s: a fresh service still compiles a list's functions for about 9 s.
    warmup: number('warmup', 8),
    connections: number('connections', 32),
    ceiling: ceiling ? path.resolve(ceiling) : null,
    engines,
    only: value('only')?.split(',') ?? null,
    auths,
    rounds: number('rounds', 3),
    reseed: argv.includes('--reseed'),
    abuse: argv.includes('--abuse'),
    importRows: argv.includes('--import') ? number('rows', 100_000) : null,
    importModes: (value('import-modes') ?? 'valid_rows,all_or_nothing').split(',') as ImportMode[],
    tries: Math.max(1, number('tries', 3)),
    idleWait: number('idle-wait', 300),
  };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options.abuse) return runAbuse(ROOT, options.seconds);
  if (options.importRows !== null) {
    for (const engine of options.engines) await runImportBench(ROOT, options.importRows, options.importModes, { direct: !process.argv.includes('--no-direct'), engine });
    return;
  }
  const generator = loadGenerator();
  mkdirSync(WORK, { recursive: true });
  console.log(
    `load: ${generator.name}, ${options.connections} connections, ${options.warmup} s warm-up + ${options.seconds} s per scenario; ` +
      `data: ${options.sizes.vendors} vendors, ${options.sizes.expenses} expenses`,
  );
  printHeader();
  const measurements: Measurement[] = [];
  const scaling = options.sizes.vendors > BASELINE_VENDORS;
  const sizes = scaling ? [{ ...options.sizes, vendors: BASELINE_VENDORS }, options.sizes] : [options.sizes];

  for (const size of sizes) {
    // The servers compared run side by side and take each scenario in turn, so that a ratio compares
    // measurements seconds apart: this machine's speed drifts by a quarter over the minutes a run takes.
    const peers: Target[] = [];
    try {
      for (const engine of options.engines) peers.push(await startService(engine, size, options));
      if (options.ceiling) peers.push(await startCeiling(options.ceiling, size));
      measurements.push(...(await measure(peers, generator, options, scaling)));
    } finally {
      for (const peer of peers) await peer.process.stop();
    }
    // The same lists with two processes on the port (issue 14), Basic only.
    const scaled = SCALED_SCENARIOS.filter((s) => !options.only || options.only.includes(s));
    if (scaling || scaled.length === 0) continue;
    for (const engine of options.engines) {
      const cluster = await startService(engine, size, options, 2);
      try {
        measurements.push(...(await measure([cluster], generator, { ...options, only: scaled }, scaling)));
      } finally {
        await cluster.process.stop();
      }
    }
  }

  if (!scaling && (!options.only || options.only.includes('report'))) {
    for (const engine of options.engines) {
      const target = await startService(engine, { ...options.sizes, expenses: REPORT_EXPENSES }, options);
      try {
        measurements.push(...(await measureReport(target, generator, options)));
      } finally {
        await target.process.stop();
      }
    }
  }

  console.log('');
  for (const line of scaling ? scalingSummary(measurements, options.sizes.vendors) : goals(measurements)) console.log(line);
  const file = path.join(WORK, `results-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ options, generator: generator.name, measurements }, null, 2));
  console.log(`\nresults: ${path.relative(ROOT, file)}`);
}

// ---------------------------------------------------------------- the servers

/** The service on a freshly seeded copy of the data, with the production settings. */
async function startService(engine: Engine, sizes: SeedSizes, options: Options, workers = 1): Promise<Target> {
  const name = `${engine}-${sizes.vendors}-${sizes.expenses}`;
  const dir = path.join(WORK, name);
  const runDir = path.join(dir, 'run');
  let env: Record<string, string>;
  let organisation: string;
  if (engine === 'sqlite') {
    ({ env, organisation } = await seededSqlite(dir, sizes, options.reseed));
    rmSync(runDir, { recursive: true, force: true });
    cpSync(path.join(dir, 'pristine'), runDir, { recursive: true });
    env = { ...env, DATA_DIR: runDir };
  } else {
    ({ env, organisation } = await seededPostgres(name, runDir, sizes));
  }
  const process = await startServer({
    args: serviceArgs(ROOT),
    cwd: ROOT,
    env: { ...env, LOG_LEVEL: 'info', WORKERS: String(workers), API_KEY_REQUESTS_PER_MINUTE: BENCH_KEY_REQUESTS_PER_MINUTE },
  });
  return { name: 'service', engine, vendors: sizes.vendors, organisation, process, basicOnly: workers > 1, workers };
}

interface SeededData {
  env: Record<string, string>;
  organisation: string;
}

/**
 * SQLite data seeded once per size into `.bench/sqlite-V-E/pristine` and
 * copied for every run (creates grow it); migrated forward when migrations
 * were only added since, seeded again when they changed otherwise or with
 * `--reseed`.
 */
async function seededSqlite(dir: string, sizes: SeedSizes, reseed: boolean): Promise<SeededData> {
  const marker = path.join(dir, 'seeded.json');
  const schema = migrations.map((m) => m.name);
  if (!reseed && existsSync(marker)) {
    const seeded = JSON.parse(readFileSync(marker, 'utf8')) as SeededData & { schema: string[] };
    if (JSON.stringify(seeded.schema) === JSON.stringify(schema)) return seeded;
    // Only new migrations since: they are applied to the seeded data, as to a deployed database.
    if (JSON.stringify(seeded.schema) === JSON.stringify(schema.slice(0, seeded.schema.length))) {
      const file = path.join(dir, 'pristine', 'app.db');
      const dataSource = createDataSource({ dataDir: path.dirname(file) });
      await dataSource.initialize();
      try {
        await migrateExclusively(dataSource, file);
      } finally {
        await dataSource.destroy();
      }
      writeFileSync(marker, JSON.stringify({ ...seeded, schema }));
      return seeded;
    }
  }
  rmSync(dir, { recursive: true, force: true });
  const pristine = path.join(dir, 'pristine');
  mkdirSync(pristine, { recursive: true });
  const env = productionEnv();
  const { organisation } = await seed({ ...env, DATA_DIR: pristine }, sizes, progress);
  endProgress();
  writeFileSync(marker, JSON.stringify({ env, organisation, schema }));
  return { env, organisation };
}

/** Postgres data seeded afresh into a schema of its own (`bench_V_E`) in TEST_DATABASE_URL's database. */
async function seededPostgres(name: string, dataDir: string, sizes: SeedSizes): Promise<SeededData> {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = name.replace(/-/g, '_').replace('postgres', 'bench');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env = { ...productionEnv(), DATABASE_URL: withSchema.toString(), DATA_DIR: dataDir };
  const { organisation } = await seed(env, sizes, progress);
  endProgress();
  return { env, organisation };
}

function productionEnv(): Record<string, string> {
  // The seeder's PUBLIC_BASE_URL (it writes no link); startServer gives the server its own.
  return { NODE_ENV: 'production', FIELD_ENCRYPTION_KEY: randomBytes(32).toString('base64'), PUBLIC_BASE_URL: 'http://127.0.0.1', LOG_LEVEL: 'silent' };
}

/** The reference server, copied out of `dir` and seeded with its own seeder, at synchronous=FULL like the service. */
async function startCeiling(dir: string, sizes: SeedSizes): Promise<Target> {
  const app = path.join(WORK, 'ceiling', 'app');
  rmSync(app, { recursive: true, force: true });
  cpSync(dir, app, { recursive: true, filter: (source) => !/[\\/](node_modules|data)$/.test(source) });
  const command: ServerCommand = {
    args: [path.join(app, 'seed.js'), String(sizes.vendors), String(sizes.expenses), '--reset'],
    cwd: app,
    env: { DATA_DIR: path.join(WORK, 'ceiling', `data-${sizes.vendors}-${sizes.expenses}`), SQLITE_SYNCHRONOUS: 'FULL' },
  };
  const { execFileSync } = await import('node:child_process');
  process.stderr.write(`seeding the reference (${sizes.vendors} vendors)…\n`);
  execFileSync(process.execPath, command.args, { cwd: app, env: { ...process.env, ...command.env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const server = await startServer({ ...command, args: [path.join(app, 'server.js')] });
  return { name: 'ceiling', engine: 'sqlite', vendors: sizes.vendors, organisation: 'bench-org', process: server, basicOnly: true, workers: 1 };
}

// ---------------------------------------------------------------- the scenarios

const EXPENSE_BODY =
  '{"title":"Bench expense","expense_number":"B{n}","account_id":"acct-5000",' +
  '"expense_date":"2026-01-15","amount":"123.45","tax_amount":"19.75","description":"bench"}';

function scenarios(organisation: string, scaling: boolean): Record<string, RequestKind[]> {
  const vendors = `/api/v1.0/organisation/${organisation}/vendors/?page_size=50`;
  if (scaling) {
    return {
      list: [{ method: 'GET', path: vendors }],
      page200: [{ method: 'GET', path: `${vendors}&page=200` }],
      search: [{ method: 'GET', path: `${vendors}&search=acme` }],
    };
  }
  const create: RequestKind = { method: 'POST', path: `/api/v1.0/organisation/${organisation}/expenses/create/`, body: EXPENSE_BODY };
  return {
    // 70 % lists (the first seven pages), 20 % creates, 10 % profile PATCHes.
    mixed: [
      ...Array.from({ length: 7 }, (_, i): RequestKind => ({ method: 'GET', path: `${vendors}&page=${i + 1}`, weight: 10 })),
      { ...create, weight: 20 },
      { method: 'PATCH', path: '/api/v1.0/me/', body: '{"job_title":"Finance Manager {n}"}', weight: 10 },
    ],
    list: [{ method: 'GET', path: vendors }],
    search: [{ method: 'GET', path: `${vendors}&search=acme` }],
    me: [{ method: 'GET', path: '/api/v1.0/me/' }],
    create: [create],
  };
}

/**
 * Each scenario on each target in turn (Basic, then cookies and a key where
 * the target has them; a key on KEY_SCENARIOS alone), the mixed load first:
 * its RSS is then its own, not the peak a previous scenario left.
 */
async function measure(targets: Target[], generator: LoadGenerator, options: Options, scaling: boolean): Promise<Measurement[]> {
  const results: Measurement[] = [];
  const runs: { target: Target; auth: Auth; headers: Record<string, string> }[] = [];
  for (const target of targets) {
    for (const auth of target.basicOnly ? options.auths.filter((a) => a === 'basic') : options.auths) {
      if (scaling && auth !== 'basic') continue;
      runs.push({ target, auth, headers: await credentials(auth, target) });
    }
  }
  const chosen = Object.keys(scenarios(targets[0].organisation, scaling)).filter((s) => !options.only || options.only.includes(s));
  for (const scenario of chosen) {
    for (const { target, auth, headers } of runs) {
      if (auth === 'key' && !KEY_SCENARIOS.includes(scenario)) continue;
      const kinds = scenarios(target.organisation, scaling)[scenario];
      const rounds = scenario === 'mixed' && auth === 'basic' ? options.rounds : 1;
      for (let round = 1; round <= rounds; round++) {
        const name = rounds > 1 ? `${scenario}#${round}` : scenario;
        results.push(await measureOne(target, generator, options, { auth, headers, kinds, scenario: name, connections: options.connections }));
      }
    }
  }
  return results;
}

/** The expense report by month over REPORT_EXPENSES expenses, with Basic, one request at a time. */
async function measureReport(target: Target, generator: LoadGenerator, options: Options): Promise<Measurement[]> {
  const kinds: RequestKind[] = [{ method: 'GET', path: `/api/v1.0/organisation/${target.organisation}/reports/expenses/?group_by=month` }];
  return [await measureOne(target, generator, options, { auth: 'basic', headers: basic(), kinds, scenario: 'report', connections: 1 })];
}

/**
 * One scenario: a request of each kind must succeed, then, as bench.sh does,
 * the warm-up, a wait for an idle machine and the measured load with the
 * server's peak RSS, taken again while other processes disturbed it.
 */
async function measureOne(
  target: Target,
  generator: LoadGenerator,
  options: Options,
  run: { auth: Auth; headers: Record<string, string>; kinds: RequestKind[]; scenario: string; connections: number },
): Promise<Measurement> {
  await probe(target.process.baseUrl, run.headers, run.kinds);
  const load: Load = { baseUrl: target.process.baseUrl, headers: run.headers, kinds: run.kinds, connections: run.connections, seconds: options.warmup };
  let measurement: Measurement | undefined;
  for (let attempt = 1; attempt <= options.tries; attempt++) {
    if (options.warmup > 0) await generator.run(load);
    if (options.idleWait > 0) {
      await waitIdle(options.idleWait, (busy) => process.stderr.write(`  (machine ${busy.toFixed(0)} % busy: waiting for it to be idle)\n`));
    }
    measurement = await measureLoad(target, generator, { ...load, seconds: options.seconds }, run, attempt);
    const foreign = measurement.foreignPct;
    if (foreign === null || foreign < FOREIGN_PCT) break;
    if (attempt < options.tries) {
      process.stderr.write(`  (${target.name} ${run.scenario}, try ${attempt}: other processes used ${foreign.toFixed(0)} % of the CPU during it; again)\n`);
    }
  }
  printRow(measurement!);
  return measurement!;
}

/** The measured load, with the server's peak RSS, its CPU a request and the share of the CPU other processes took meanwhile. */
async function measureLoad(
  target: Target,
  generator: LoadGenerator,
  load: Load,
  run: { auth: Auth; scenario: string },
  attempt: number,
): Promise<Measurement> {
  const foreign = foreignCpu([target.process.pid], target.engine === 'postgres');
  const cpuBefore = cpuSeconds(target.process.pid);
  const { result, peakMb, endMb } = await peakRss(target.process, () => generator.run(load));
  const cpuAfter = cpuSeconds(target.process.pid);
  const foreignPct = foreign.stop();
  const perRequest = (before: number, after: number) => ((after - before) * 1e6) / Math.max(1, result.requests);
  const cpuUs =
    cpuBefore && cpuAfter
      ? { service: perRequest(cpuBefore.service, cpuAfter.service), postgres: perRequest(cpuBefore.postgres, cpuAfter.postgres) }
      : null;
  return {
    ...result,
    server: target.name,
    engine: target.engine,
    auth: run.auth,
    scenario: run.scenario,
    vendors: target.vendors,
    rssMb: peakMb,
    rssEndMb: endMb,
    workers: target.workers,
    cpuUs,
    foreignPct,
    attempt,
  };
}

function basic(): Record<string, string> {
  return { Authorization: BASIC_AUTHORIZATION };
}

async function credentials(auth: Auth, target: Target): Promise<Record<string, string>> {
  if (auth === 'basic') return basic();
  if (auth === 'key') return { Authorization: await bearerAuthorization(target.process.baseUrl, target.organisation) };
  return cookie(target.process.baseUrl);
}

/** Logs in once: the session and CSRF cookies, and the CSRF header unsafe methods need. */
async function cookie(baseUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/api/v1.0/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`Login answered ${response.status}`);
  const cookies = new Map(response.headers.getSetCookie().map((c) => c.split(';')[0].split('=') as [string, string]));
  const session = cookies.get('sessionid');
  const csrf = cookies.get('csrftoken');
  if (!session || !csrf) throw new Error('Login set no sessionid and csrftoken cookies');
  return { Cookie: `sessionid=${session}; csrftoken=${csrf}`, 'X-CSRFToken': csrf };
}

/** One request of each kind must succeed before any load: a benchmark of error answers measures nothing. */
async function probe(baseUrl: string, headers: Record<string, string>, kinds: RequestKind[]): Promise<void> {
  for (const kind of kinds) {
    const body = kind.body?.replace('{n}', `probe-${randomBytes(6).toString('hex')}`);
    const response = await fetch(`${baseUrl}${kind.path}`, {
      method: kind.method,
      headers: { ...headers, Accept: 'application/json', 'Content-Type': 'application/json' },
      body,
    });
    if (!response.ok) throw new Error(`${kind.method} ${kind.path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    await response.arrayBuffer().catch(() => undefined);
  }
}

// ---------------------------------------------------------------- progress

let progressShown = false;

/** One line that rewrites itself on a terminal; every 10th update elsewhere. */
let updates = 0;
function progress(line: string): void {
  if (process.stderr.isTTY) {
    process.stderr.write(`\r${line}\u001b[K`);
    progressShown = true;
  } else if (updates++ % 10 === 0) {
    process.stderr.write(`${line}\n`);
  }
}

function endProgress(): void {
  if (progressShown) process.stderr.write('\n');
  progressShown = false;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
