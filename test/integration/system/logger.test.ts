import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/** The node command line that runs `script` with `logger`, the service's logger on stdout. */
const nodeRunning = (script: string): string[] => [
  process.execPath,
  '-r',
  'ts-node/register/transpile-only',
  '-e',
  `const logger = require('./adapters/system/logger').createLogger('info');\n${script}`,
];

/** What `command` wrote to stdout before it ended. */
function stdoutOfCommand([command, ...args]: string[]): Promise<string> {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' }, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', () => resolve(output)));
}

/** What a process running `script` wrote to stdout before it ended. */
const stdoutOf = (script: string): Promise<string> => stdoutOfCommand(nodeRunning(script));

const numbers = (output: string) => output.trim().split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { line: number }).line);
const oneTo = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

describe('the logger', () => {
  it('has written every line of a turn of the event loop before the next turn, where the process is killed', async () => {
    const output = await stdoutOf(`
      for (let i = 1; i <= 200; i++) logger.info({ line: i }, 'request');
      setImmediate(() => process.kill(process.pid, 'SIGKILL'));
    `);
    expect(numbers(output)).toEqual(oneTo(200));
    expect(output.trim().split('\n').every((line) => (JSON.parse(line) as { msg: string }).msg === 'request')).toBe(true);
  });

  it('writes the lines it holds when the process exits within the turn that logged them', async () => {
    const output = await stdoutOf(`
      for (let i = 1; i <= 200; i++) logger.info({ line: i }, 'request');
      process.exit(0);
    `);
    expect(numbers(output)).toEqual(oneTo(200));
  });

  it('holds no more than 4 096 bytes of a turn that logs much: a kill within it loses only the latest lines', async () => {
    // About 70 bytes a line, 350 000 in all; 4 096 bytes hold no more than 102 lines of at least 40.
    const output = await stdoutOf(`
      for (let i = 1; i <= 5000; i++) logger.info({ line: i }, 'request');
      process.kill(process.pid, 'SIGKILL');
    `);
    const written = numbers(output);
    expect(written).toEqual(oneTo(written.length));
    expect(written.length).toBeGreaterThanOrEqual(5000 - 4096 / 40);
  });

  it('never mixes the lines of processes that share one pipe (the workers of a cluster)', async () => {
    // Two processes on one pipe, from the same moment, each logging 40 turns of 100 lines of about 250 bytes, as
    // fast as they can, to a reader that waits first: the pipe fills, and each write waits for room as it goes.
    const script = `
      const pad = 'x'.repeat(200);
      let turn = 0;
      const next = () => {
        for (let i = 1; i <= 100; i++) logger.info({ writer: process.pid, line: turn * 100 + i, pad }, 'request');
        if (++turn < 40) setImmediate(next);
      };
      setTimeout(next, ${Date.now() + 4000} - Date.now());
    `;
    const quoted = nodeRunning(script).map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
    const output = await stdoutOfCommand(['sh', '-c', `(${quoted} & ${quoted} & wait) | (sleep 5; cat)`]);
    const lines = output.trim().split('\n').map((line) => JSON.parse(line) as { writer: number; line: number });
    const writers = [...new Set(lines.map((line) => line.writer))];
    expect(writers).toHaveLength(2);
    for (const writer of writers) expect(lines.filter((line) => line.writer === writer).map((line) => line.line)).toEqual(oneTo(4000));
  });
});
