import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrations } from '../../adapters/persistence/typeorm/registry';
import { ApiClient } from '../support/api-client';
import { signUp, TestUser } from '../support/accounts';
import { anExpense, expensePaths, multipart } from '../support/expenses';
import { TestS3Server } from '../support/s3-server';
import { ServerProcess, startServerProcesses } from '../support/server-process';
import { sharedDatabaseEngines as engines, SharedDatabase } from '../support/shared-database';

/**
 * Two instances of the service, each a process of its own as on two hosts,
 * on one database (a Postgres database, or one SQLite file), with receipts in
 * one S3 bucket: what one instance does holds on the other at once.
 */
describe.each(engines)('two instances on one %s database', (engine, open) => {
  let dataDir: string;
  let database: SharedDatabase;
  let s3: TestS3Server;
  let a: ServerProcess;
  let b: ServerProcess;
  let owner: TestUser;
  const BUCKET = 'instances';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'instances-'));
    database = await open(dataDir);
    s3 = await TestS3Server.start();
    await s3.createBucket(BUCKET);
    const env = (name: string) => ({
      ...database.env,
      // SQLite: one data directory, as two processes on one host; Postgres: one each, as two hosts.
      DATA_DIR: engine === 'sqlite' ? dataDir : path.join(dataDir, name),
      FIELD_ENCRYPTION_KEY: key,
      STORAGE_URL: `s3://${BUCKET}/receipts`,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      PASSWORD_HASH_LOG2_N: '14',
      NEW_ACCOUNTS_PER_CLIENT_PER_HOUR: '1000',
    });
    const key = randomBytes(32).toString('base64');
    // Started together on an empty database: both migrate, under the lock.
    [a, b] = await startServerProcesses(env('a'), env('b'));
    owner = await signUp(new ApiClient(a.baseUrl));
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.stop();
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const on = (server: ServerProcess) => new ApiClient(server.baseUrl);

  it('applied each migration once, though both started together', async () => {
    const applied = await database.appliedMigrations();
    expect(applied).toEqual(migrations.map((migration) => migration.name));
  });

  it('refuses the eleventh login through B after ten failures through A', async () => {
    const user = await signUp(on(a));
    for (let i = 0; i < 10; i++) {
      const failed = await on(a).post('/api/v1.0/auth/login/', { email: user.email, password: `wrong ${i}` });
      expect(failed.status).toBe(401);
    }
    const eleventh = await on(b).post('/api/v1.0/auth/login/', { email: user.email, password: user.password });
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('ends the old Basic credential on B at its next request after a password change through A', async () => {
    const user = await signUp(on(a));
    const throughB = on(b).basic(user.email, user.password);
    expect((await throughB.get('/api/v1.0/me/')).status).toBe(200); // B now remembers the credential
    expect((await user.api.post('/api/v1.0/auth/password/', { current_password: user.password, new_password: 'a brand new secret' })).status).toBe(204);

    expect((await throughB.get('/api/v1.0/me/')).status).toBe(401);
    expect((await on(b).basic(user.email, 'a brand new secret').get('/api/v1.0/me/')).status).toBe(200);
  });

  it('answers 404 on B at once to a member removed through A', async () => {
    const member = await signUp(on(a));
    const org = `/api/v1.0/organisation/${owner.organisationUniqueId}`;
    const invitation = await owner.api.post(`${org}/invitations/`, { email: member.email, role: 'member' });
    expect((await member.api.post(`/api/v1.0/invitations/${invitation.body.token}/accept/`)).status).toBe(200);
    const memberOnB = on(b).basic(member.email, member.password);
    expect((await memberOnB.get(`${org}/`)).status).toBe(200);

    expect((await owner.api.delete(`${org}/members/${member.personUniqueId}/`)).status).toBe(204);
    expect((await memberOnB.get(`${org}/`)).status).toBe(404);
  });

  it('serves through B, byte for byte, a receipt uploaded through A', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300_000), Buffer.from('\n%%EOF\n')]);
    const paths = expensePaths(owner.organisationUniqueId);
    const created = await owner.api.post(paths.create, undefined, { multipart: multipart(anExpense(), { bytes, type: 'application/pdf' }) });
    expect(created.status).toBe(201);

    const download = await fetch(`${b.baseUrl}${paths.receipt(created.body.unique_id)}`, {
      headers: { Authorization: `Basic ${Buffer.from(`${owner.email}:${owner.password}`).toString('base64')}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
