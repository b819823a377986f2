import { createLogger } from '../../adapters/system/logger';
import { S3FileStorage } from '../../adapters/file-storage/s3-file-storage';
import { FILE_STORAGE_TOKENS, FileStorage } from '../../application/shared/file-storage';
import { ApiResponse } from '../support/api-client';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { anExpense, expensePaths, multipart, RECEIPT_FILES } from '../support/expenses';
import { download as downloadPicture, PICTURE_FILES, putPicture } from '../support/pictures';
import { TestS3Server } from '../support/s3-server';
import { startTcpProxy, TcpProxy } from '../support/tcp-proxy';
import { startTestApp, TestApp } from '../support/test-app';

const BUCKET = 'outage-receipts';
const TOKEN = 'metrics-token-for-tests';
/** Small bounds, so that the test waits little: the defaults are 5 s, 10 s and 2 attempts. */
const BOUNDS = { S3_CONNECT_TIMEOUT_MS: '500', S3_REQUEST_TIMEOUT_MS: '1000', S3_MAX_ATTEMPTS: '2' };
/** The longest wait the bounds allow (two attempts of 1 s and the backoff between), with room for the request's own work. */
const REQUEST_BOUND_MS = 3500;
const UNAVAILABLE = { detail: 'The file storage is unavailable; try again shortly.' };

/**
 * The service's connections to the S3 test server pass through a proxy of
 * the test's own: cut (connections destroyed, the port closed) or a black hole
 * (connections kept, nothing passed, as in a network partition).
 */
describe.each(testDatabases())('uploads and downloads while S3 is away, on $name', (factory) => {
  let s3: TestS3Server;
  let proxy: TcpProxy;
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let paths: ReturnType<typeof expensePaths>;
  const logged: { level: number; msg: string; stack?: unknown }[] = [];
  /** Expenses acknowledged with a receipt, and the receipt's bytes. */
  const acknowledged = new Map<string, Buffer>();

  beforeAll(async () => {
    s3 = await TestS3Server.start();
    await s3.createBucket(BUCKET);
    proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) });
    const database = await factory.create();
    dispose = database.dispose;
    const logger = createLogger('info', { write: (line: string) => void logged.push(JSON.parse(line)) });
    app = await startTestApp(database, {
      env: { ...s3.env(BUCKET, 'receipts'), S3_ENDPOINT: `http://${proxy.host}:${proxy.port}`, ...BOUNDS, METRICS_TOKEN: TOKEN },
      logger,
    });
    owner = await signUp(app.client);
    paths = expensePaths(owner.organisationUniqueId);
  });

  afterAll(async () => {
    const storage = app.application.container.get<FileStorage>(FILE_STORAGE_TOKENS.Receipts);
    await app.close();
    if (storage instanceof S3FileStorage) storage.close();
    await proxy.close();
    await dispose();
    await s3.stop();
  });

  const objects = () => s3.objectKeys(BUCKET);
  const logo = () => `/api/v1.0/organisation/${owner.organisationUniqueId}/logo/`;
  const metrics = async () => (await fetch(`${app.client.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();

  async function timed<T>(request: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const response = await request();
    expect(performance.now() - started).toBeLessThan(REQUEST_BOUND_MS);
    return response;
  }

  const create = (fields: Record<string, unknown>, receipt: { bytes: Buffer; type: string } | undefined, key?: string) =>
    owner.api.post(paths.create, undefined, { multipart: multipart(fields, receipt), headers: key ? { 'Idempotency-Key': key } : {} });

  const basic = () => ({ Authorization: `Basic ${Buffer.from(`${owner.email}:${owner.password}`).toString('base64')}` });
  const downloadReceipt = async (id: string) => {
    const response = await fetch(`${app.client.baseUrl}${paths.receipt(id)}`, { headers: basic() });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  async function createWithReceipt(): Promise<string> {
    const bytes = Buffer.concat([RECEIPT_FILES.pdf.bytes, Buffer.from(`receipt ${acknowledged.size}`)]);
    const created = await create(anExpense(), { bytes, type: 'application/pdf' });
    expect(created.status).toBe(201);
    acknowledged.set(created.body.unique_id, bytes);
    return created.body.unique_id;
  }

  function expectUnavailable(response: { status: number; headers: Headers }, body?: unknown): void {
    expect(response.status).toBe(503);
    if (body !== undefined) expect(body).toEqual(UNAVAILABLE);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  /** The bucket's objects once the removals held up by an outage are made (in the background, once the store answers). */
  async function settledObjects(count: number): Promise<string[]> {
    for (const deadline = Date.now() + 5000; ; ) {
      const keys = await objects();
      if (keys.length <= count || Date.now() > deadline) return keys;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const titled = async (title: string) => {
    const list = await owner.api.get(`${paths.list}?page_size=100`);
    expect(list.status).toBe(200);
    return (list.body as { unique_id: string; title: string }[]).filter((expense) => expense.title === title);
  };

  /**
   * While the store is away: uploads (a receipt on a create and on an update, a logo) and a
   * receipt's download answer 503 within the bound, nothing is half made, and what needs no
   * file is served as usual, a delete included. Once it is back, a retry under the same
   * `Idempotency-Key` makes exactly one expense with its receipt, the deleted expense's receipt
   * is removed, and every acknowledged receipt reads back.
   */
  async function outageAndReturn(takeAway: () => Promise<void> | void, mode: string): Promise<void> {
    const kept = await createWithReceipt();
    const gone = await createWithReceipt();
    const shown = await putPicture(owner.api, logo(), PICTURE_FILES.webp);
    expect(shown.status).toBe(200);
    const before = await objects();
    await takeAway();

    const fields = anExpense({ title: `Made while S3 was ${mode}` });
    const key = `s3-outage-${mode}-${factory.name}`;
    const receipt = { bytes: Buffer.concat([RECEIPT_FILES.pdf.bytes, Buffer.from(mode)]), type: 'application/pdf' };
    const refused = await timed(() => create(fields, receipt, key));
    expectUnavailable(refused, refused.body);

    const replaced: ApiResponse = await timed(() => owner.api.patch(paths.update(kept), undefined, { multipart: multipart({}, RECEIPT_FILES.jpeg) }));
    expectUnavailable(replaced, replaced.body);
    const logoRefused = await timed(() => putPicture(owner.api, logo(), PICTURE_FILES.png));
    expectUnavailable(logoRefused, logoRefused.body);
    const downloaded = await timed(() => downloadReceipt(kept));
    expectUnavailable(downloaded, JSON.parse(downloaded.bytes.toString()));
    const logoShown = await timed(() => fetch(`${app.client.baseUrl}${new URL(shown.body.logo_url, app.client.baseUrl).pathname}`, { headers: basic() }));
    expectUnavailable(logoShown, await logoShown.json());

    // What needs no file is served as usual; a deleted expense's receipt is removed once the store is back.
    const plain = await timed(() => create(anExpense(), undefined));
    expect(plain.status).toBe(201);
    expect((await timed(() => owner.api.delete(paths.delete(gone)))).status).toBe(204);
    acknowledged.delete(gone);
    expect(await titled(fields.title as string)).toEqual([]);

    await proxy.restore();
    expect(await objects()).toEqual(before);
    expect(await titled(fields.title as string)).toEqual([]);

    const retried = await create(fields, receipt, key);
    expect(retried.status).toBe(201);
    const again = await create(fields, receipt, key);
    expect([again.status, again.headers.get('idempotent-replayed'), again.body.unique_id]).toEqual([201, 'true', retried.body.unique_id]);
    expect((await titled(fields.title as string)).map((expense) => expense.unique_id)).toEqual([retried.body.unique_id]);
    expect((await owner.api.get(paths.detail(retried.body.unique_id))).body.receipt_url).toEqual(expect.stringContaining(paths.receipt(retried.body.unique_id)));
    const after = await settledObjects(before.length);
    expect(after.filter((object) => !before.includes(object))).toEqual([expect.stringMatching(/\.pdf$/)]);
    expect(before.filter((object) => !after.includes(object))).toHaveLength(1);
    expect((await downloadReceipt(gone)).status).toBe(404);
    acknowledged.set(retried.body.unique_id, receipt.bytes);

    for (const [id, bytes] of acknowledged) {
      const back = await downloadReceipt(id);
      expect([back.status, back.bytes.equals(bytes)]).toEqual([200, true]);
    }
    const put = await putPicture(owner.api, logo(), PICTURE_FILES.png);
    expect(put.status).toBe(200);
    const got = await downloadPicture(app.client.baseUrl, put.body.logo_url, owner);
    expect([got.status, got.bytes.equals(PICTURE_FILES.png.bytes)]).toEqual([200, true]);
  }

  it('answers 503 with Retry-After while the connection is cut, leaves nothing half made, and serves again once it is back', async () => {
    await outageAndReturn(() => proxy.cut(), 'cut');
  });

  it('answers 503 with Retry-After while nothing passes (a partition), within the bound, and serves again once it is back', async () => {
    await outageAndReturn(() => proxy.blackHole(), 'partitioned');
  });

  it('answers 503 when the store takes an upload but its answer is lost, and removes that object once the store answers again', async () => {
    const before = await objects();
    proxy.blackHoleAnswers();
    const title = `Answer lost on ${factory.name}`;
    const refused = await timed(() => create(anExpense({ title }), { bytes: Buffer.concat([RECEIPT_FILES.pdf.bytes, Buffer.from(title)]), type: 'application/pdf' }));
    expectUnavailable(refused, refused.body);
    const taken = (await objects()).filter((object) => !before.includes(object));
    expect(taken).toHaveLength(1); // the store has it: the case this test is about
    expect(await titled(title)).toEqual([]);

    await proxy.restore();
    await createWithReceipt();
    const after = await settledObjects(before.length + 1);
    expect(after).not.toContain(taken[0]);
    expect(after.filter((object) => !before.includes(object))).toHaveLength(1);
  });

  it('says so in the log, once an outage, without a stack, and in the metrics', async () => {
    const warnings = logged.filter((line) => /file storage/i.test(line.msg) && line.level === 40);
    expect(warnings).toHaveLength(3);
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(logged.filter((line) => 'stack' in line || /S3RVER/.test(JSON.stringify(line)))).toEqual([]);
    const text = await metrics();
    expect(text).toMatch(/^file_storage_unavailable 0$/m);
    expect(Number(/^file_storage_failures_total (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(8);
  });
});
