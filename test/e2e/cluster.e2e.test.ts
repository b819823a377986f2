import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiClient } from '../support/api-client';
import { signUp } from '../support/accounts';
import { anExpense, expensePaths } from '../support/expenses';
import { childPids, ServerProcess, startServerProcess } from '../support/server-process';

/**
 * `WORKERS=2`: a primary and two workers sharing the port, on one SQLite
 * file. A worker killed under load loses nothing it acknowledged and is
 * replaced; SIGTERM to the primary drains every worker and exits 0.
 */
describe('a cluster of two workers on one SQLite file', () => {
  let dataDir: string;
  let cluster: ServerProcess;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cluster-'));
    cluster = await startServerProcess({ WORKERS: '2', DATA_DIR: dataDir, DATABASE_URL: '', PASSWORD_HASH_LOG2_N: '14' });
  }, 120_000);

  afterEach(async () => {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write when a worker is killed under load, and starts another', async () => {
    const owner = await signUp(new ApiClient(cluster.baseUrl));
    const paths = expensePaths(owner.organisationUniqueId);
    const workers = childPids(cluster.child.pid!);
    expect(workers).toHaveLength(2);

    // Four writers, one request after another each, across both workers; one worker dies mid-way.
    const acknowledged: string[] = [];
    let failed = 0;
    let writing = true;
    const writer = async () => {
      while (writing) {
        const numbered = anExpense();
        try {
          const response = await fetch(`${cluster.baseUrl}${paths.create}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from(`${owner.email}:${owner.password}`).toString('base64')}` },
            body: JSON.stringify(numbered),
          });
          if (response.status === 201) acknowledged.push(numbered.expense_number as string);
          else failed += 1;
        } catch {
          failed += 1; // the connection died with the worker: not acknowledged
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    await waitFor(() => acknowledged.length >= 40);
    process.kill(workers[0], 'SIGKILL');
    await waitFor(() => {
      const now = childPids(cluster.child.pid!);
      return now.length === 2 && !now.includes(workers[0]);
    });
    const before = acknowledged.length;
    await waitFor(() => acknowledged.length >= before + 40); // the replacement serves too
    writing = false;
    await Promise.all(writers);

    const stored = await owner.api.get(`${paths.list}?page_size=1000`);
    const numbers = new Set((stored.body as { expense_number: string }[]).map((expense) => expense.expense_number));
    expect(acknowledged.filter((number) => !numbers.has(number))).toEqual([]);
    expect(cluster.output()).toContain('worker exited; starting another');
    expect(failed).toBeLessThan(10);
  }, 120_000);

  it('drains every worker on SIGTERM to the primary, finishing a request in flight, and exits 0 within 10 s', async () => {
    const owner = await signUp(new ApiClient(cluster.baseUrl));
    const workers = childPids(cluster.child.pid!);
    const slow = fetch(`${cluster.baseUrl}/api/v1.0/me/`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from(`${owner.email}:${owner.password}`).toString('base64')}` },
      body: JSON.stringify({ job_title: 'Written during shutdown' }),
    });
    const started = Date.now();
    cluster.child.kill('SIGTERM');

    const answered = await slow;
    expect(answered.status).toBe(200);
    expect(await cluster.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(workers.filter(isAlive)).toEqual([]);
  }, 60_000);
});

async function waitFor(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
