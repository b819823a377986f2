import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * What a process wrote to stdout before it was killed with SIGKILL right
 * after logging `lines` lines through the service's logger.
 */
function killedRightAfterLogging(lines: number): Promise<string> {
  const script = `
    const { createLogger } = require('./adapters/system/logger');
    const logger = createLogger('info');
    for (let i = 1; i <= ${lines}; i++) logger.info({ line: i }, 'request');
    process.kill(process.pid, 'SIGKILL');
  `;
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', () => resolve(output)));
}

describe('the logger', () => {
  it('has written every line logged before the process is killed', async () => {
    const output = await killedRightAfterLogging(200);
    const lines = output.trim().split('\n').map((line) => JSON.parse(line) as { line: number; msg: string });
    expect(lines).toHaveLength(200);
    expect(lines.map((line) => line.line)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(lines.every((line) => line.msg === 'request')).toBe(true);
  });
});
