import 'reflect-metadata';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Client } from 'pg';
import { seed } from '../../config/seeding/bulk-seed';
import { BASIC_AUTHORIZATION, BENCH_KEY_REQUESTS_PER_MINUTE, bearerAuthorization } from './credentials';
import { stoppedWithThisRun } from './server-process';

/**
 * `node dist/test/bench/ab.js`: two or more builds of the service compared
 * pinned, alternated. This machine's speed moves by up to 2× within minutes,
 * more than most changes buy; with the server on core 0 and wrk on core 1
 * (`taskset`) the two no longer share a core, and the CPU a request (the
 * server's user and system time from `/proc/PID/stat`, and Postgres's
 * processes') is steadier than requests a second. Each round runs every
 * build once, in the order given.
 *
 *   npm run build && mkdir -p .bench/builds/before && cp -r dist package.json .bench/builds/before/
 *   # … the change, then npm run build
 *   node dist/test/bench/ab.js --engine sqlite|postgres --scenario me|list|search|create
 *        --builds .bench/builds/before/dist,dist [--seconds 6] [--warmup 8] [--rounds 3] [--connections 32]
 *        [--auth basic,key] [--instructions [--requests 1000]] [--profile]
 *
 * `--auth` (Basic by default): each round runs each build with each of the
 * credentials in turn, `key` being an API key of the bench user
 * (`Authorization: Bearer`, made through the API when the server starts).
 *
 * With `--instructions`, the instructions each request costs the server,
 * counted by valgrind (see `instructions`) instead of timed; with `--profile`,
 * where the time goes, sampled by perf (see `profile`). A build copied inside the project finds its node_modules.
 *
 * Data: 10 000 vendors and 2 000 expenses, seeded once per engine into
 * `.bench/ab-<engine>` (Postgres: the schema `ab_bench` of TEST_DATABASE_URL),
 * with a key kept beside it; SQLite's is copied before each server starts.
 * Needs `taskset` and wrk, or valgrind for `--instructions`.
 */

const ROOT = path.resolve(__dirname, '../../..');
const WORK = path.join(ROOT, '.bench');
const SCHEMA = 'ab_bench';
const EXPENSE_BODY =
  '{"title":"Bench expense","expense_number":"AB{n}","account_id":"acct-5000",' +
  '"expense_date":"2026-01-15","amount":"123.45","tax_amount":"19.75","description":"bench"}';

type Engine = 'sqlite' | 'postgres';
type Auth = 'basic' | 'key';

interface Seeded {
  env: Record<string, string>;
  organisation: string;
}

interface Options {
  engine: Engine;
  scenario: string;
  builds: string[];
  auths: Auth[];
  seconds: number;
  /** Seconds of load before the measured run: V8 still compiles a list's functions for about 9 s after start. */
  warmup: number;
  rounds: number;
  connections: number;
  /** Count instructions under callgrind instead of measuring time under wrk. */
  instructions: boolean;
  /** Sample the server with perf under wrk and print where its time goes instead of measuring it. */
  profile: boolean;
  /** Requests counted a callgrind run. */
  requests: number;
}

function options(argv: string[]): Options {
  const value = (name: string, fallback?: string): string => {
    const index = argv.indexOf(`--${name}`);
    const found = index >= 0 ? argv[index + 1] : fallback;
    if (found === undefined) throw new Error(`--${name} is required`);
    return found;
  };
  const engine = value('engine', 'sqlite');
  if (engine !== 'sqlite' && engine !== 'postgres') throw new Error('--engine is sqlite or postgres');
  const auths = value('auth', 'basic').split(',') as Auth[];
  if (auths.some((auth) => auth !== 'basic' && auth !== 'key')) throw new Error('--auth takes basic and key');
  return {
    engine,
    scenario: value('scenario'),
    builds: value('builds').split(',').map((build) => path.resolve(build)),
    auths,
    seconds: Number(value('seconds', '6')),
    warmup: Number(value('warmup', '8')),
    rounds: Number(value('rounds', '3')),
    connections: Number(value('connections', '32')),
    instructions: argv.includes('--instructions'),
    profile: argv.includes('--profile'),
    requests: Number(value('requests', '1000')),
  };
}

/** The data of `engine`, seeded once, with the environment that opens it. */
async function seeded(engine: Engine): Promise<Seeded> {
  const dir = path.join(WORK, `ab-${engine}`);
  const marker = path.join(dir, 'seeded.json');
  if (existsSync(marker)) return JSON.parse(readFileSync(marker, 'utf8')) as Seeded;
  rmSync(dir, { recursive: true, force: true });
  const data = path.join(dir, 'data');
  mkdirSync(data, { recursive: true });
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    FIELD_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    // The seeder's (it writes no link); the server gets its own address below.
    PUBLIC_BASE_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: data,
  };
  if (engine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('--engine postgres needs TEST_DATABASE_URL');
    const client = new Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await client.query(`CREATE SCHEMA ${SCHEMA}`);
    await client.end();
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${SCHEMA}`);
    env.DATABASE_URL = withSchema.toString();
  }
  process.stderr.write(`seeding ${engine} into ${dir}…\n`);
  const { organisation } = await seed(env, { vendors: 10_000, expenses: 2_000 }, () => undefined);
  if (engine === 'postgres') {
    const client = new Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query('VACUUM ANALYZE');
    await client.end();
  }
  const result = { env, organisation };
  writeFileSync(marker, JSON.stringify(result));
  return result;
}

/** Clock ticks of user and system time of `pids`, and of system time alone, in µs. */
function cpuMicros(pids: number[]): { total: number; system: number } {
  let total = 0;
  let system = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * 10_000;
      system += Number(fields[12]) * 10_000;
    } catch {
      // A process gone meanwhile.
    }
  }
  return { total, system };
}

function postgresPids(): number[] {
  try {
    return execFileSync('pgrep', ['-x', 'postgres']).toString().trim().split('\n').map(Number);
  } catch {
    return [];
  }
}

/** The scenario's request: method, path and body (each `{n}` to be made unique). */
function requestOf(scenario: string, organisation: string): [string, string, string | null] {
  const org = `/api/v1.0/organisation/${organisation}`;
  const requests: Record<string, [string, string, string | null]> = {
    me: ['GET', '/api/v1.0/me/', null],
    list: ['GET', `${org}/vendors/?page_size=50`, null],
    search: ['GET', `${org}/vendors/?page_size=50&search=acme`, null],
    create: ['POST', `${org}/expenses/create/`, EXPENSE_BODY],
  };
  const request = requests[scenario];
  if (!request) throw new Error(`--scenario is one of ${Object.keys(requests).join(', ')}`);
  return request;
}

const nonce = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A wrk script for the scenario, each request's `{n}` unique across runs. */
function script(scenario: string, organisation: string, authorization: string): string {
  const [method, requestPath, body] = requestOf(scenario, organisation);
  const unique = nonce();
  const file = path.join(WORK, 'ab.lua');
  writeFileSync(
    file,
    [
      `wrk.method = ${JSON.stringify(method)}`,
      `wrk.headers["Authorization"] = ${JSON.stringify(authorization)}`,
      'wrk.headers["Content-Type"] = "application/json"',
      'local n = 0',
      'request = function()',
      '  n = n + 1',
      body === null ? '  local body = nil' : `  local body = string.gsub(${JSON.stringify(body)}, "{n}", ${JSON.stringify(unique)} .. "-" .. n)`,
      `  return wrk.format(nil, ${JSON.stringify(requestPath)}, nil, body)`,
      'end',
    ].join('\n'),
  );
  return file;
}

const wrk = (file: string, url: string, seconds: number, connections: number): string =>
  execFileSync('taskset', ['-c', '1', 'wrk', '-t1', `-c${connections}`, `-d${seconds}`, '--latency', '-s', file, url]).toString();

/** `build` started on its own copy of the data (SQLite) on a free port, behind `launcher` (taskset, valgrind). */
async function started(
  build: string,
  data: Seeded,
  options: Options,
  launcher: string[],
  auth: Auth,
  nodeFlags: string[] = [],
): Promise<{ server: ChildProcess; url: string; stderr: () => string; authorization: string }> {
  let dataDir = data.env.DATA_DIR;
  if (options.engine === 'sqlite') {
    dataDir = path.join(WORK, 'ab-sqlite-run');
    rmSync(dataDir, { recursive: true, force: true });
    cpSync(data.env.DATA_DIR, dataDir, { recursive: true });
  }
  const port = 4700 + Math.floor(Math.random() * 200);
  // A build copied with its package.json beside it starts with that one's Node.js flags: flags are compared as builds are.
  const manifest = existsSync(path.join(build, '../package.json')) ? path.join(build, '../package.json') : path.join(ROOT, 'package.json');
  const { config } = JSON.parse(readFileSync(manifest, 'utf8')) as { config: { node_flags: string } };
  const [command, ...args] = [...launcher, process.execPath, ...config.node_flags.split(' '), ...nodeFlags, path.join(build, 'config/main.js')];
  const server = spawn(command, args, {
    env: {
      ...process.env,
      ...data.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      API_KEY_REQUESTS_PER_MINUTE: BENCH_KEY_REQUESTS_PER_MINUTE,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  stoppedWithThisRun(server);
  let stderr = '';
  server.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk.toString().replace(/^==\d+==.*\n/gm, ''));
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  // Under valgrind the service takes a minute or more to start.
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      if (attempt > 3000 || server.exitCode !== null) throw new Error(`${build} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const authorization = auth === 'key' ? await bearerAuthorization(url, data.organisation) : BASIC_AUTHORIZATION;
  return { server, url, stderr: () => stderr, authorization };
}

async function stopped(server: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  if (server.exitCode === null) server.kill('SIGTERM');
  await exited;
}

async function measure(build: string, auth: Auth, data: Seeded, options: Options): Promise<string> {
  const { server, url, authorization } = await started(build, data, options, ['taskset', '-c', '0'], auth);
  try {
    wrk(script(options.scenario, data.organisation, authorization), url, options.warmup, options.connections);
    const pids = postgresPids();
    const before = { service: cpuMicros([server.pid!]), postgres: cpuMicros(pids) };
    const output = wrk(script(options.scenario, data.organisation, authorization), url, options.seconds, options.connections);
    const after = { service: cpuMicros([server.pid!]), postgres: cpuMicros(pids) };
    const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
    const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
    const p50 = /50%\s+([\d.]+\w+)/.exec(output)?.[1] ?? '-';
    const failed = /Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? '0';
    const per = (micros: number) => (requests === 0 ? '-' : (micros / requests).toFixed(0));
    return [
      label(build, auth),
      `${rate.toFixed(0)} req/s`,
      `p50 ${p50}`,
      `service ${per(after.service.total - before.service.total)} µs/request (system ${per(after.service.system - before.service.system)})`,
      options.engine === 'postgres' ? `postgres ${per(after.postgres.total - before.postgres.total)} µs/request` : '',
      failed === '0' ? '' : `non-2xx ${failed}`,
    ]
      .filter(Boolean)
      .join('  ');
  } finally {
    await stopped(server);
  }
}

/** Requests sent one at a time over one kept-alive connection; any answer but a 2xx stops the run. */
async function sequential(url: string, scenario: string, organisation: string, authorization: string, count: number): Promise<void> {
  const [method, requestPath, body] = requestOf(scenario, organisation);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const unique = nonce();
  try {
    for (let n = 1; n <= count; n++) {
      const payload = body?.replaceAll('{n}', `${unique}-${n}`);
      await new Promise<void>((resolve, reject) => {
        const request = http.request(`${url}${requestPath}`, { method, agent, headers: { Authorization: authorization, 'Content-Type': 'application/json' } }, (response) => {
          response.resume();
          response.on('end', () => ((response.statusCode ?? 0) < 300 ? resolve() : reject(new Error(`${method} ${requestPath}: ${response.statusCode}`))));
        });
        request.on('error', reject);
        request.end(payload);
      });
    }
  } finally {
    agent.destroy();
  }
}

/**
 * Instructions a request (`--instructions`): the server run under valgrind's
 * callgrind, which counts the instructions it executes rather than the time
 * they take, the same whatever else the machine does. Requests go one at a
 * time; the count of a run of WARM requests is taken from one of WARM +
 * `--requests`, so that start-up and the first compilations cancel out. What
 * is left moves by a few per cent from run to run (V8 compiles in the
 * background when it pleases). The kernel's work (system calls, the loopback
 * TCP) and the cost of cache misses are not in it: it tells what a change
 * removed, not what a request takes on the clock.
 */
async function instructions(build: string, auth: Auth, data: Seeded, options: Options): Promise<string> {
  const counted: number[] = [];
  for (const requests of [WARM, WARM + options.requests]) {
    const out = path.join(WORK, 'ab.callgrind');
    const { server, url, stderr, authorization } = await started(
      build,
      data,
      options,
      ['valgrind', '--tool=callgrind', `--callgrind-out-file=${out}`, '--smc-check=all-non-file'],
      auth,
    );
    try {
      await sequential(url, options.scenario, data.organisation, authorization, requests);
    } finally {
      await stopped(server);
      rmSync(out, { force: true });
    }
    const total = /Collected : (\d+)/.exec(stderr())?.[1];
    if (total === undefined) throw new Error('callgrind printed no count');
    counted.push(Number(total));
  }
  const per = (counted[1] - counted[0]) / options.requests;
  return `${label(build, auth)}  ${(per / 1000).toFixed(0)} k instructions/request`;
}

/**
 * Where a build's time goes under load (`--profile`): the server pinned and
 * started with `--perf-basic-prof` (V8 names its compiled functions for
 * perf), wrk as in `measure`, and `perf record` sampling the server's stacks
 * for the measured seconds. Printed: each sample given to its owner, the
 * deepest frame of JavaScript with a file (the service's file, a package of
 * node_modules, Node's own module), else the native library it was in; the
 * functions of the service's own code, each with the samples it is anywhere
 * on the stack of; and the leaf functions.
 */
async function profile(build: string, auth: Auth, data: Seeded, options: Options): Promise<string> {
  const { server, url, authorization } = await started(build, data, options, ['taskset', '-c', '0'], auth, ['--perf-basic-prof']);
  const recorded = path.join(WORK, 'ab.perf.data');
  try {
    wrk(script(options.scenario, data.organisation, authorization), url, options.warmup, options.connections);
    const perf = spawn('perf', ['record', '-F', '1999', '-g', '-p', String(server.pid), '-o', recorded], { stdio: 'ignore' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    wrk(script(options.scenario, data.organisation, authorization), url, options.seconds, options.connections);
    const exited = new Promise((resolve) => perf.once('exit', resolve));
    perf.kill('SIGINT');
    await exited;
  } finally {
    await stopped(server);
  }
  const samples = stacks(execFileSync('perf', ['script', '-i', recorded], { maxBuffer: 1 << 30 }).toString());
  rmSync(recorded, { force: true });
  const owners = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const leaves = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const frames of samples) {
    add(leaves, frames[0].symbol);
    const owner = frames.map(jsFile).find((file) => file !== null);
    add(owners, owner ?? `native ${path.basename(frames[0].dso)}`);
    const own = new Set(frames.filter((frame) => jsFile(frame)?.startsWith('service ')).map((frame) => frame.symbol.replace(/^\w+:[*~^+]?/, '')));
    for (const name of own) add(inclusive, name);
  }
  const table = (title: string, counts: Map<string, number>, rows: number) =>
    [
      `${title} (of ${samples.length} samples)`,
      ...[...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, rows)
        .map(([name, count]) => `${((100 * count) / samples.length).toFixed(1).padStart(6)} %  ${name}`),
    ].join('\n');
  return [
    label(build, auth),
    table('by owner', owners, 40),
    table("the service's functions, inclusive", inclusive, 40),
    table('leaf functions', leaves, 30),
  ].join('\n\n');
}

interface Frame {
  symbol: string;
  dso: string;
}

/** `perf script`'s samples, each its frames from the leaf up. */
function stacks(text: string): Frame[][] {
  const samples: Frame[][] = [];
  for (const block of text.split('\n\n')) {
    const frames = block
      .split('\n')
      .slice(1)
      .map((line) => /^\s*[0-9a-f]+ (.*) \((.*)\)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => ({ symbol: match[1].replace(/\+0x[0-9a-f]+$/, ''), dso: match[2] }));
    if (frames.length > 0) samples.push(frames);
  }
  return samples;
}

/** A JavaScript frame's owner: `service <file>`, `package <name>`, `node <module>`; null for any other frame. */
function jsFile(frame: Frame): string | null {
  const file = /^\w+:[*~^+]?.* (\S+?):\d+:\d+$/.exec(frame.symbol)?.[1];
  if (file === undefined) return null;
  if (file.startsWith('node:')) return `node ${file.slice(5)}`;
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [scope, name] = file.slice(modules + 14).split('/');
    return `package ${scope.startsWith('@') ? `${scope}/${name}` : scope}`;
  }
  const dist = file.indexOf('/dist/');
  return dist >= 0 ? `service ${file.slice(dist + 6)}` : `file ${file}`;
}

/** A line's build, and its credentials when they are not Basic. */
const label = (build: string, auth: Auth): string => `${path.relative(ROOT, build) || build}${auth === 'basic' ? '' : ` (${auth})`}`;

/** Requests of a callgrind run before those counted. */
const WARM = 300;

async function main(): Promise<void> {
  const chosen = options(process.argv.slice(2));
  const data = await seeded(chosen.engine);
  process.stdout.write(
    chosen.instructions
      ? `${chosen.engine} ${chosen.scenario}, instructions counted over ${chosen.requests} requests after ${WARM}\n`
      : `${chosen.engine} ${chosen.scenario}, ${chosen.connections} connections, ${chosen.seconds} s a run\n`,
  );
  for (let round = 1; round <= chosen.rounds; round++) {
    for (const build of chosen.builds) {
      for (const auth of chosen.auths) {
        const line = chosen.profile
          ? await profile(build, auth, data, chosen)
          : chosen.instructions
            ? await instructions(build, auth, data, chosen)
            : await measure(build, auth, data, chosen);
        process.stdout.write(`round ${round}  ${line}\n`);
      }
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
