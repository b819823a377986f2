import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signUp } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { startServerProcess, startServerProcesses } from '../support/server-process';
import { sharedDatabaseEngines, SharedDatabase } from '../support/shared-database';
import { WebhookReceiver } from '../support/webhook-receiver';

const ROOT = path.resolve(__dirname, '../..');

/**
 * What only processes show: an event committed by a server killed before it
 * delivered is delivered after, by `npm run webhooks`; and servers side by
 * side on one database deliver each event once between them.
 */
describe.each(sharedDatabaseEngines)('webhooks across processes on %s', (engine, open) => {
  let dataDir: string;
  let database: SharedDatabase;
  let receiver: WebhookReceiver;
  const key = randomBytes(32).toString('base64');
  const env = (name: string, extra: Record<string, string> = {}) => ({
    ...database.env,
    DATA_DIR: engine === 'sqlite' ? dataDir : path.join(dataDir, name),
    FIELD_ENCRYPTION_KEY: key,
    PASSWORD_HASH_LOG2_N: '14',
    NEW_ACCOUNTS_PER_CLIENT_PER_HOUR: '1000',
    WEBHOOK_POLL_MS: '20',
    ...extra,
  });

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'webhook-processes-'));
    database = await open(dataDir);
    receiver = await new WebhookReceiver().start();
  });

  afterEach(async () => {
    await receiver.close();
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers after a restart an event whose server was killed (kill -9) between the commit and the delivery', async () => {
    const server = await startServerProcess(env('a', { WEBHOOK_DELIVERY: 'off' }));
    const owner = await signUp(new ApiClient(server.baseUrl));
    const org = `/api/v1.0/organisation/${owner.organisationUniqueId}`;
    expect((await owner.api.post(`${org}/webhooks/create/`, { url: receiver.url, events: ['vendor.created'] })).status).toBe(201);
    expect((await owner.api.post(`${org}/vendors/create/`, { name: 'Committed Co', unique_id: 'committed' })).status).toBe(201);
    server.child.kill('SIGKILL');
    await server.exited;
    expect(receiver.received).toEqual([]);

    const worker = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'config/webhook-worker.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env('a'), LOG_LEVEL: 'info', TS_NODE_TRANSPILE_ONLY: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    worker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<string>((resolve) => worker.on('exit', (code, signal) => resolve(`${code} ${signal}`)));
    try {
      await receiver.waitFor((received) => received.length === 1, 60_000);
      expect(receiver.received[0].event).toMatchObject({ type: 'vendor.created', data: { unique_id: 'committed', name: 'Committed Co' } });
    } finally {
      worker.kill('SIGTERM');
    }
    // Still running when told to stop (nothing but the worker keeps the process alive), and stopped cleanly.
    expect([await exited, output]).toEqual(['0 null', expect.stringContaining('"signal":"SIGTERM","msg":"stopping"')]);
  }, 120_000);

  it('delivers each event exactly once between two instances that both deliver', async () => {
    const [a, b] = await startServerProcesses(env('a'), env('b'));
    try {
      const owner = await signUp(new ApiClient(a.baseUrl));
      const org = `/api/v1.0/organisation/${owner.organisationUniqueId}`;
      await owner.api.post(`${org}/webhooks/create/`, { url: receiver.url, events: ['vendor.created', 'vendor.updated'] });
      const apis = [new ApiClient(a.baseUrl).basic(owner.email, owner.password), new ApiClient(b.baseUrl).basic(owner.email, owner.password)];
      await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const api = apis[i % 2];
          expect((await api.post(`${org}/vendors/create/`, { name: `Vendor ${i}`, unique_id: `v${i}` })).status).toBe(201);
          expect((await api.patch(`${org}/vendors/v${i}/update/`, { website: `https://v${i}.example` })).status).toBe(200);
        }),
      );
      await receiver.waitFor((received) => received.length >= 60, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 500)); // a duplicate would arrive by now
      expect(receiver.received).toHaveLength(60);
      expect(new Set(receiver.received.map((message) => message.id)).size).toBe(60);
      // Each vendor's update arrives after its creation, whichever instance sent which.
      for (let i = 0; i < 30; i += 1) {
        const types = receiver.received.filter((m) => m.event.data.unique_id === `v${i}`).map((m) => m.event.type);
        expect(types).toEqual(['vendor.created', 'vendor.updated']);
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 180_000);
});
