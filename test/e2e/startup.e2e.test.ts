import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../support/server-process';

/** A start that fails says why, in one log line an operator can act on, and exits non-zero. */
describe('a server that cannot start', () => {
  let dataDir: string;

  beforeEach(() => (dataDir = mkdtempSync(path.join(tmpdir(), 'startup-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  async function failedStart(env: Record<string, string>, port?: number): Promise<string> {
    try {
      const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', ...env }, port);
      await server.stop();
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('the server started');
  }

  it('names a busy port', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const output = await failedStart({}, port);
      expect(output).toContain(`"level":"fatal","msg":"The server could not start: port ${port} is already in use on 127.0.0.1 (EADDRINUSE)`);
    } finally {
      holder.close();
    }
  }, 120_000);

  it('names a database that refused the connection, without the URL', async () => {
    const output = await failedStart({ DATABASE_URL: 'postgres://app:s3cret-password@127.0.0.1:1/app' });
    expect(output).toContain('the database refused the connection at 127.0.0.1:1 (ECONNREFUSED)');
    expect(output).not.toContain('s3cret-password');
  }, 120_000);

  it('names a missing secret in production', async () => {
    const output = await failedStart({ NODE_ENV: 'production', FIELD_ENCRYPTION_KEY: '' });
    expect(output).toContain('FIELD_ENCRYPTION_KEY (or _FILE) is required in production.');
  }, 120_000);

  it('names a missing public address in production, rather than let links follow the Host header', async () => {
    const output = await failedStart({ NODE_ENV: 'production', FIELD_ENCRYPTION_KEY: randomBytes(32).toString('base64'), PUBLIC_BASE_URL: '' });
    expect(output).toContain("PUBLIC_BASE_URL is required in production: links in answers would otherwise follow the request's Host header.");
    expect(output).not.toContain('FIELD_ENCRYPTION_KEY');
  }, 120_000);
});
