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

export async function startServerProcess(env: Record<string, string>, port = freePortGuess()): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'config/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', TS_NODE_TRANSPILE_ONLY: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listeners = Math.max(1, Number(env.WORKERS ?? 1));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 90_000);
    const check = () => {
      if ((output.match(/"msg":"listening"/g) ?? []).length >= listeners) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`the server exited during start:\n${output}`));
    });
  });
  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    exited,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A port unlikely to be taken; a collision fails the start loudly. */
export function freePortGuess(): number {
  return 20_000 + Math.floor(Math.random() * 20_000);
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
