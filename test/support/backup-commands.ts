import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export interface CommandResult {
  status: number | null;
  output: string;
}

/**
 * `npm run backup` or `npm run restore` (config/backup.ts, config/restore.ts)
 * as a child process. Asynchronous, unlike spawnSync: the test's own load
 * keeps sending requests while it runs.
 */
export function runCommand(command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', `config/${command}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'info', TS_NODE_TRANSPILE_ONLY: 'true', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}
