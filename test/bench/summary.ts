import { LoadResult } from './load';

/** What `npm run bench` prints and reads from its measurements: the table's lines and the goals met or missed. */

export const BASELINE_VENDORS = 10_000;
/** The expenses the report scenario sums, and its goal on SQLite (p50, one request at a time). */
export const REPORT_EXPENSES = 100_000;
export const REPORT_GOAL_MS = 100;
/** What runs again with `WORKERS=2`. */
export const SCALED_SCENARIOS = ['list', 'me'];
/** What runs with an API key too, against Basic (issue 44). */
export const KEY_SCENARIOS = ['list', 'me'];

export type Engine = 'sqlite' | 'postgres';
export type Auth = 'basic' | 'cookie' | 'key';

export interface Measurement extends LoadResult {
  server: string;
  engine: Engine;
  auth: Auth;
  scenario: string;
  vendors: number;
  /** The server's peak RSS during the measurement (it never shrinks much: a peak carries over to the next scenario). */
  rssMb: number;
  /** Its RSS when the measurement ended. */
  rssEndMb: number;
  /** Server processes (`WORKERS`); RSS is the first process's (a cluster's primary). */
  workers: number;
  /** CPU time per request during the measurement, in µs: the server's processes, and the local Postgres's (null where /proc is not). */
  cpuUs: { service: number; postgres: number } | null;
  /** Share of the machine's CPU used during the measurement by other processes than the server, its Postgres and the load generator, in % (null where /proc is not). */
  foreignPct: number | null;
  /** Which attempt this is (a measurement disturbed by other processes is taken again). */
  attempt: number;
}

const COLUMNS = '%-10s %-8s %-6s %-9s %9s %9s %9s %7s %7s %7s %8s %8s %8s %4s';

export function printHeader(): void {
  console.log(format(COLUMNS, 'server', 'engine', 'auth', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'non2xx', 'errors', 'RSS MB', 'CPU µs', 'PG µs', 'foreign', 'try'));
}

export function printRow(m: Measurement): void {
  console.log(
    format(COLUMNS, m.workers > 1 ? `${m.server}×${m.workers}` : m.server, m.vendors === BASELINE_VENDORS ? m.engine : `${m.engine}@${m.vendors}`, m.auth, m.scenario,
      m.rps.toFixed(0), m.p50.toFixed(1), m.p99.toFixed(1), String(m.non2xx), String(m.errors), m.rssMb.toFixed(0),
      m.cpuUs ? m.cpuUs.service.toFixed(0) : '-', m.cpuUs && m.engine === 'postgres' ? m.cpuUs.postgres.toFixed(0) : '-',
      m.foreignPct === null ? '-' : `${m.foreignPct.toFixed(0)} %`, String(m.attempt)),
  );
}

function format(pattern: string, ...values: string[]): string {
  let i = 0;
  return pattern.replace(/%(-?)(\d+)s/g, (_m, left: string, width: string) => {
    const text = values[i++] ?? '';
    return left ? text.padEnd(Number(width)) : text.padStart(Number(width));
  });
}

/** Issue 12's goals, read from this run. */
export function goals(all: Measurement[]): string[] {
  const find = (server: string, engine: Engine, auth: Auth, scenario: string, workers = 1) =>
    all.find((m) => m.server === server && m.engine === engine && m.auth === auth && m.scenario === scenario && m.workers === workers);
  const lines: string[] = [];
  const check = (label: string, value: number | undefined, goal: number, unit: string, atLeast = true) => {
    if (value === undefined || Number.isNaN(value)) return;
    const met = atLeast ? value >= goal : value <= goal;
    lines.push(`${met ? 'met   ' : 'missed'} ${label}: ${value.toFixed(2)}${unit} (goal ${atLeast ? '≥' : '≤'} ${goal}${unit})`);
  };
  const ratioGoals: [string, number][] = [['list', 0.6], ['search', 1.0], ['me', 0.4], ['create', 0.5]];
  for (const [scenario, goal] of ratioGoals) {
    const service = find('service', 'sqlite', 'basic', scenario);
    const ceiling = find('ceiling', 'sqlite', 'basic', scenario);
    if (service && ceiling) check(`SQLite ${scenario} against the reference`, service.rps / ceiling.rps, goal, '×');
  }
  const mixedService = find('service', 'sqlite', 'basic', 'mixed#1');
  const mixedCeiling = find('ceiling', 'sqlite', 'basic', 'mixed#1');
  if (mixedService && mixedCeiling) lines.push(`info   SQLite mixed against the reference: ${(mixedService.rps / mixedCeiling.rps).toFixed(2)}×`);
  for (const scenario of ['list', 'search', 'me', 'create']) {
    const b = find('service', 'sqlite', 'basic', scenario);
    const c = find('service', 'sqlite', 'cookie', scenario);
    if (b && c) check(`SQLite ${scenario}, cookie against Basic`, c.rps / b.rps, 0.9, '×');
  }
  for (const engine of ['sqlite', 'postgres'] as const) {
    for (const scenario of KEY_SCENARIOS) {
      const b = find('service', engine, 'basic', scenario);
      const k = find('service', engine, 'key', scenario);
      // At least as fast (issue 44); one timed run on this machine cannot tell a few per cent: read `ab.js --instructions` for that.
      if (b && k) check(`${engine} ${scenario}, API key against Basic`, k.rps / b.rps, 1.0, '×');
    }
  }
  for (const m of all.filter((x) => x.server === 'service')) {
    check(`p99/p50 ${m.engine} ${m.auth} ${m.scenario}`, m.p99 / m.p50, 4, '×', false);
  }
  for (const scenario of ['list', 'search', 'me', 'create', 'mixed#1']) {
    const s = find('service', 'sqlite', 'basic', scenario);
    const p = find('service', 'postgres', 'basic', scenario);
    if (s && p) check(`Postgres ${scenario} against SQLite`, p.rps / s.rps, 0.5, '×');
  }
  for (const engine of ['sqlite', 'postgres'] as const) {
    for (const scenario of SCALED_SCENARIOS) {
      const one = find('service', engine, 'basic', scenario);
      const two = find('service', engine, 'basic', scenario, 2);
      if (one && two) check(`${engine} ${scenario} with WORKERS=2 against one process`, two.rps / one.rps, 1.6, '×');
    }
  }
  for (const engine of ['sqlite', 'postgres'] as const) {
    const report = find('service', engine, 'basic', 'report');
    if (!report) continue;
    const label = `${engine} expense report by month over ${REPORT_EXPENSES} expenses, p50`;
    if (engine === 'sqlite') check(label, report.p50, REPORT_GOAL_MS, ' ms', false);
    else lines.push(`info   ${label}: ${report.p50.toFixed(2)} ms`);
  }
  for (const engine of ['sqlite', 'postgres'] as const) {
    const rounds = all.filter((m) => m.server === 'service' && m.engine === engine && m.auth === 'basic' && m.scenario.startsWith('mixed#'));
    if (rounds.length === 0) continue;
    check(`${engine} RSS under the mixed load (peak)`, Math.max(...rounds.map((m) => m.rssMb)), 150, ' MB', false);
    // Flat: where each round leaves the process, not the peaks, of which the first carries the previous scenario's.
    const ends = rounds.map((m) => m.rssEndMb);
    const spread = (Math.max(...ends) - Math.min(...ends)) / Math.min(...ends);
    check(`${engine} RSS at the end of ${rounds.length} mixed rounds (${ends.map((mb) => mb.toFixed(0)).join(', ')} MB), spread`, spread * 100, 10, ' %', false);
  }
  return lines;
}

/** Scaling mode: each list's p50 on many vendors against its p50 on 10 000 (goal ≤ 2×). */
export function scalingSummary(all: Measurement[], vendors: number): string[] {
  const lines: string[] = [];
  for (const m of all.filter((x) => x.vendors === vendors)) {
    const base = all.find((x) => x.vendors === BASELINE_VENDORS && x.server === m.server && x.engine === m.engine && x.scenario === m.scenario);
    if (!base) continue;
    if (m.requests === 0) {
      lines.push(`missed ${m.server} ${m.engine} ${m.scenario}: no answer within ${vendors} vendors' measurement`);
      continue;
    }
    const ratio = m.p50 / base.p50;
    lines.push(
      `${ratio <= 2 ? 'met   ' : 'missed'} ${m.server} ${m.engine} ${m.scenario}: p50 ${m.p50.toFixed(1)} ms at ${vendors} vendors, ` +
        `${base.p50.toFixed(1)} ms at ${BASELINE_VENDORS}: ${ratio.toFixed(2)}× (goal ≤ 2×); ${m.rps.toFixed(0)} against ${base.rps.toFixed(0)} req/s`,
    );
  }
  return lines;
}
