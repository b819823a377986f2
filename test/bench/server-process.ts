import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'node:net';
import { processStats } from './machine';

/** A server under test, in a process of its own as in production. */
export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** Its resident set size now, in MB. */
  rssMb(): number;
  /** SIGTERM, and wait for it to exit. */
  stop(): Promise<void>;
}

export interface ServerCommand {
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

/**
 * The arguments of `node` that run the service as `npm start` does: the
 * Node.js options of package.json's `config.node_flags` (its memory settings),
 * then BENCH_SERVER_NODE_ARGS (`--cpu-prof --cpu-prof-dir=/tmp/prof` profiles
 * the server under the load), then the entry point.
 */
export function serviceArgs(root: string, entry = 'dist/config/main.js'): string[] {
  const { config } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { config?: { node_flags?: string } };
  const words = (text: string | undefined) => (text ?? '').split(' ').filter(Boolean);
  return [...words(config?.node_flags), ...words(process.env.BENCH_SERVER_NODE_ARGS), entry];
}

/** The servers this run started and has not stopped: stopped with it when it is interrupted. */
const running = new Set<ChildProcess>();

function stopAllOn(signal: NodeJS.Signals): void {
  process.once(signal, () => {
    for (const child of running) child.kill('SIGKILL');
    process.exit(130);
  });
}

/**
 * Ends `child` with this run should the run be interrupted (Ctrl-C, SIGTERM):
 * a server left behind would load the machine the next run measures.
 */
export function stoppedWithThisRun(child: ChildProcess): void {
  if (running.size === 0 && process.listenerCount('SIGINT') === 0) {
    stopAllOn('SIGINT');
    stopAllOn('SIGTERM');
  }
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/** Starts `node …args` on a free port and waits until `/healthz` answers. */
export async function startServer(command: ServerCommand): Promise<ServerProcess> {
  const port = await freePort();
  // BENCH_SERVER_LOG=FILE keeps the server's request log (each request's route and duration) in FILE.
  const log = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore';
  const child = spawn(process.execPath, command.args, {
    cwd: command.cwd,
    // The port is chosen here, so the address is known only here (production refuses to start without it).
    env: { ...process.env, ...command.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', log, 'pipe'],
  });
  stoppedWithThisRun(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(baseUrl, child, () => stderr);
  const pid = child.pid!;
  return {
    baseUrl,
    pid,
    rssMb: () => rssMb(pid),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${stderr()}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not answer /healthz within two minutes:\n${stderr()}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** VmRSS from /proc on Linux; `ps` elsewhere. */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // not Linux
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()) / 1024;
}

/**
 * CPU seconds (user and system) used so far by the process and its children
 * (a cluster's workers), and by every local Postgres process, from /proc
 * (Linux; null elsewhere). Under load the rate of requests moves with what
 * else the machine does; the CPU time each request costs moves much less, and
 * it is what a change to the code changes.
 */
export function cpuSeconds(pid: number): { service: number; postgres: number } | null {
  const ticks = 100; // USER_HZ: 100 on every Linux this runs on
  const stats = processStats();
  if (!stats) return null;
  let service = 0;
  let postgres = 0;
  for (const [id, stat] of stats) {
    if (id === pid || stat.ppid === pid) service += stat.own / ticks;
    else if (stat.comm === 'postgres') postgres += stat.own / ticks;
  }
  return { service, postgres };
}

/** Samples a process's RSS every 250 ms while `work` runs: the peak, and where it ends. */
export async function peakRss<T>(server: ServerProcess, work: () => Promise<T>): Promise<{ result: T; peakMb: number; endMb: number }> {
  let peakMb = server.rssMb();
  const timer = setInterval(() => (peakMb = Math.max(peakMb, server.rssMb())), 250);
  try {
    const result = await work();
    const endMb = server.rssMb();
    return { result, peakMb: Math.max(peakMb, endMb), endMb };
  } finally {
    clearInterval(timer);
  }
}
