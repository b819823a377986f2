import { readdirSync, readFileSync } from 'node:fs';

/**
 * What else the machine does while a server is measured, as
 * `../shared/bench/bench.sh` tells it: from /proc (Linux; elsewhere nothing is
 * known and every measurement counts as clean). The reference answers a
 * `/me/` in a fraction of the service's CPU, so under load it and wrk need
 * about one and a half of this machine's two cores where the service needs
 * one: whatever else runs (another engineer's tests, a peer's Postgres still
 * vacuuming after its creates) takes its share from the reference's rate far
 * more than from the service's, and a ratio read from such a run flatters
 * the service. So each measurement waits for a quiet machine, counts the CPU
 * that processes other than the server and the load generator used during
 * it, and is taken again when that share is too high.
 */

/** Machine busy below this share of its CPU counts as idle (bench.sh's threshold). */
export const IDLE_PCT = 15;
/** A measurement during which other processes used this share of the CPU or more is taken again (bench.sh's). */
export const FOREIGN_PCT = 8;
interface Ticks {
  busy: number;
  total: number;
}

/** The machine's CPU ticks: busy = user + nice + system + steal; irq and softirq left out (the loopback traffic of the benchmark lands there). */
function machineTicks(): Ticks | null {
  try {
    const c = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    return { busy: c[0] + c[1] + c[2] + c[7], total: c.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

/** A process as /proc/PID/stat tells it: its parent, its name and its CPU ticks (USER_HZ). */
export interface ProcessStat {
  ppid: number;
  comm: string;
  /** utime + stime: its own CPU. */
  own: number;
  /** cutime + cstime: that of its children already reaped. */
  reaped: number;
}

/** Every process of the machine, from /proc (Linux); null where there is none. */
export function processStats(): Map<number, ProcessStat> | null {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return null;
  }
  const stats = new Map<number, ProcessStat>();
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    let text: string;
    try {
      text = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const close = text.lastIndexOf(')');
    const f = text.slice(close + 2).split(' '); // from the state, field 3
    stats.set(Number(name), { ppid: Number(f[1]), comm: text.slice(text.indexOf('(') + 1, close), own: Number(f[11]) + Number(f[12]), reaped: Number(f[13]) + Number(f[14]) });
  }
  return stats;
}

/**
 * CPU ticks of the servers and all their descendants (a cluster's workers),
 * of this process alone (its live children are the peers, foreign to the
 * measured server; wrk, once reaped, is in its children's time), and of the
 * local Postgres's processes if asked.
 */
function ownTicks(roots: number[], postgres: boolean): number {
  const stats = processStats() ?? new Map<number, ProcessStat>();
  const ticks = (pid: number) => {
    const stat = stats.get(pid);
    return stat ? stat.own + stat.reaped : 0;
  };
  const children = new Map<number, number[]>();
  for (const [pid, stat] of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  let sum = ticks(process.pid);
  const queue = roots.filter((pid) => stats.has(pid));
  while (queue.length > 0) {
    const pid = queue.pop()!;
    sum += ticks(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  if (postgres) for (const stat of stats.values()) if (stat.comm === 'postgres') sum += stat.own + stat.reaped;
  return sum;
}

/** The machine's busy share over the next second, in per cent. */
async function busyPct(): Promise<number> {
  const a = machineTicks();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const b = machineTicks();
  return a && b && b.total > a.total ? (100 * (b.busy - a.busy)) / (b.total - a.total) : 0;
}

/**
 * Waits, up to `seconds` (bench.sh waits up to five minutes), until the
 * machine is idle, the server under test included; returns its busy share
 * when the wait ended. `onWait` is told once when it has to wait.
 */
export async function waitIdle(seconds: number, onWait: (busy: number) => void): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let busy = await busyPct();
  if (busy >= IDLE_PCT) onWait(busy);
  while (busy >= IDLE_PCT && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    busy = await busyPct();
  }
  return busy;
}

/**
 * Starts counting; `stop()` gives the share of the machine's CPU used by
 * anything but `pids` (and their descendants), this process and the
 * children it has reaped (wrk; autocannon runs within it), and Postgres when
 * `postgres` (a server on Postgres counts its backends as its own), or null
 * where /proc is not.
 */
export function foreignCpu(pids: number[], postgres: boolean): { stop(): number | null } {
  const roots = pids;
  const machine0 = machineTicks();
  const own0 = machine0 ? ownTicks(roots, postgres) : 0;
  return {
    stop() {
      const machine1 = machineTicks();
      if (!machine0 || !machine1 || machine1.total <= machine0.total) return null;
      const own = ownTicks(roots, postgres) - own0;
      return Math.max(0, (100 * (machine1.busy - machine0.busy - own)) / (machine1.total - machine0.total));
    },
  };
}
