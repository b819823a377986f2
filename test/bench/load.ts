import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

/**
 * One kind of request of a load: `{n}` in its body becomes a number unique in
 * the run (an expense number must be new on every create).
 */
export interface RequestKind {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: string;
  /** Its share of the mix; a load of one kind needs none. */
  weight?: number;
}

export interface Load {
  baseUrl: string;
  headers: Record<string, string>;
  kinds: RequestKind[];
  connections: number;
  seconds: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Answers with a status of 400 or more. */
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  requests: number;
}

export interface LoadGenerator {
  name: string;
  run(load: Load): Promise<LoadResult>;
}

/** wrk when it is installed (it costs the machine less than a load generator in node), else autocannon. */
export function loadGenerator(): LoadGenerator {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    // wrk --version exits 1 after printing its version; only a missing binary throws ENOENT.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return autocannonGenerator;
  }
  return wrkGenerator;
}

const run = promisify(execFile);
let nonce = 0;
const runId = (): string => `${Date.now().toString(36)}${(nonce++).toString(36)}`;

const wrkGenerator: LoadGenerator = {
  name: 'wrk',
  async run(load) {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
    try {
      const script = path.join(dir, 'load.lua');
      const threads = Math.min(2, load.connections);
      // wrk gives each thread connections / threads of them.
      writeFileSync(script, wrkScript(load, runId(), Math.floor(load.connections / threads)));
      const { stdout } = await run(
        'wrk',
        ['-t', String(threads), '-c', String(load.connections), '-d', `${load.seconds}s`, '--timeout', '30s', '-s', script, load.baseUrl],
        { maxBuffer: 1 << 20 },
      );
      const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
      if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
      const value = (name: string) => Number(new RegExp(`${name}=([0-9.]+)`).exec(line)?.[1] ?? NaN);
      return { rps: value('rps'), p50: value('p50'), p99: value('p99'), non2xx: value('non2xx'), errors: value('errors'), requests: value('requests') };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

/**
 * How long each connection waits before its first request, so that every
 * connection is open before any is measured. wrk connects all at once as it
 * starts, and libuv (1.45 and later, in Node 20) accepts one connection per
 * turn of the event loop: on a server already busy with the first
 * connections' requests, the 32nd is accepted more than a second later, and
 * that wait would be counted as its first request's latency. Clients keep
 * their connections (keep-alive); the bench measures requests, not a burst
 * of new connections. The idle start is not counted in the rate.
 */
const OPENING_MS = 300;

/**
 * A wrk script drawing each request from the weighted kinds. Each wrk
 * thread numbers its own requests; the thread id and a run id keep the
 * numbers unique across threads and runs.
 */
function wrkScript(load: Load, id: string, connectionsPerThread: number): string {
  const lua = (text: string) => JSON.stringify(text); // ASCII only: a JSON string is a Lua string literal
  const headers = Object.entries({ Accept: 'application/json', 'Content-Type': 'application/json', ...load.headers })
    .map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`)
    .join('\n');
  const kinds = load.kinds
    .map((k) => `  { method = ${lua(k.method)}, path = ${lua(k.path)}, body = ${k.body === undefined ? 'nil' : lua(k.body)}, weight = ${k.weight ?? 1} },`)
    .join('\n');
  return `${headers}
local kinds = {
${kinds}
}
local total = 0
for _, k in ipairs(kinds) do total = total + k.weight end
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
local opened = 0
function delay()
  if opened < ${connectionsPerThread} then
    opened = opened + 1
    return ${OPENING_MS}
  end
  return 0
end
local n = 0
function request()
  n = n + 1
  local pick = math.random(total)
  for _, k in ipairs(kinds) do
    if pick <= k.weight then
      local body = nil
      if k.body then body = (string.gsub(k.body, "{n}", ${lua(id)} .. "-" .. tid .. "-" .. n)) end
      return wrk.format(k.method, k.path, nil, body)
    end
    pick = pick - k.weight
  end
end
function done(summary, latency, requests)
  local seconds = summary.duration / 1e6 - ${OPENING_MS / 1000}
  local e = summary.errors
  io.write(string.format("RESULT rps=%.1f p50=%.2f p99=%.2f non2xx=%d errors=%d requests=%d\\n",
    summary.requests / seconds, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    e.status, e.connect + e.read + e.write + e.timeout, summary.requests))
end
`;
}

const autocannonGenerator: LoadGenerator = {
  name: 'autocannon',
  async run(load) {
    const id = runId();
    const total = load.kinds.reduce((sum, k) => sum + (k.weight ?? 1), 0);
    let n = 0;
    const headers = { Accept: 'application/json', 'Content-Type': 'application/json', ...load.headers };
    const result = await autocannon({
      url: load.baseUrl,
      connections: load.connections,
      duration: load.seconds,
      timeout: 30,
      headers,
      requests: [
        {
          setupRequest: (request) => {
            let pick = Math.random() * total;
            const kind = load.kinds.find((k) => (pick -= k.weight ?? 1) < 0) ?? load.kinds[0];
            n++;
            // Fresh headers each time: autocannon writes the body's Content-Length into the object it is
            // given, and a GET that kept the previous POST's would make the server wait for a body.
            return { ...request, headers: { ...headers }, method: kind.method, path: kind.path, body: kind.body?.replace('{n}', `${id}-${n}`) };
          },
        },
      ],
    });
    return {
      rps: result.requests.total / (result.duration || load.seconds),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      requests: result.requests.total,
    };
  },
};
