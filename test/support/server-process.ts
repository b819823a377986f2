import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';

/**
 * The server as `npm start` runs it (config/main.ts), in a child process of
 * its own, for tests of what only processes show: signals, crashes, several
 * instances on one database.
 */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, and its exit code. */
  stop(): Promise<number | null>;
}

const ROOT = path.resolve(__dirname, '../..');

/** Every server process a test file started and has not seen exit. */
const running = new Set<ChildProcess>();

/**
 * Starts the server. Without a port it listens on any free one (`PORT=0`) and
 * takes the port its `listening` line names, so that no other socket on the
 * machine can be holding it. A server that does not start is killed.
 */
export async function startServerProcess(env: Record<string, string>, port = 0): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'config/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', TS_NODE_TRANSPILE_ONLY: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const listeners = Math.max(1, Number(env.WORKERS ?? 1));
  const bound = await new Promise<number>((resolve, reject) => {
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`the server did not start:\n${output}`)), 90_000);
    const check = () => {
      const ports = [...output.matchAll(/"port":(\d+),[^\n]*"msg":"listening"/g)].map((line) => Number(line[1]));
      if (ports.length >= listeners) {
        clearTimeout(timer);
        resolve(ports[0]!);
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', () => fail(new Error(`the server exited during start:\n${output}`)));
  });
  return {
    child,
    port: bound,
    baseUrl: `http://127.0.0.1:${bound}`,
    exited,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Starts several servers at once; when one fails to start, stops those that
 * did before failing, so that none outlives the test.
 */
export async function startServerProcesses(...envs: Record<string, string>[]): Promise<ServerProcess[]> {
  const started = await Promise.allSettled(envs.map((env) => startServerProcess(env)));
  const failure = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    await Promise.all(started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)));
    throw failure.reason;
  }
  return started.map((result) => (result as PromiseFulfilledResult<ServerProcess>).value);
}

/**
 * Kills the server processes still running, and says how many there were: a
 * test file ends with none (test/support/no-leftover-servers.ts), or the
 * child's open pipes would keep the test run from ever exiting.
 */
export function killLeftoverServers(): number {
  const leftover = [...running];
  for (const child of leftover) child.kill('SIGKILL');
  running.clear();
  return leftover.length;
}

/** The process ids of a process's children (a cluster's workers). */
export function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)])
      .toString()
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((n) => n > 0);
  } catch {
    return []; // ps exits 1 when there are none
  }
}
