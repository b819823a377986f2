import { createLogger, Logger } from '../../adapters/system/logger';
import { S3FileStorage } from '../../adapters/file-storage/s3-file-storage';
import { FILE_STORAGE_TOKENS, FileStorage } from '../../application/shared/file-storage';
import { signUp, TestUser } from '../support/accounts';
import { TestDatabase, testDatabases } from '../support/databases';
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
/** Creates with a receipt sent at once while the store is away, beside the other requests. */
const UPLOADS = 6;
/** Of which the first are sent under an `Idempotency-Key`. */
const KEYED = 4;
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
  let database: TestDatabase;
  let logger: Logger;
  let owner: TestUser;
  let paths: ReturnType<typeof expensePaths>;
  const logged: { level: number; msg: string; stack?: unknown }[] = [];
  /** Expenses acknowledged with a receipt, and the receipt's bytes. */
  const acknowledged = new Map<string, Buffer>();

  beforeAll(async () => {
    s3 = await TestS3Server.start();
    await s3.createBucket(BUCKET);
    proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) });
    database = await factory.create();
    logger = createLogger('info', { write: (line: string) => void logged.push(JSON.parse(line)) });
    app = await startApp();
    owner = await signUp(app.client);
    paths = expensePaths(owner.organisationUniqueId);
  });

  afterAll(async () => {
    const storage = app.application.container.get<FileStorage>(FILE_STORAGE_TOKENS.Receipts);
    await app.close();
    if (storage instanceof S3FileStorage) storage.close();
    await proxy.close();
    await database.dispose();
    await s3.stop();
  });

  /** An instance of the service on the test's database, reaching the store through the proxy. */
  const startApp = () =>
    startTestApp(database, {
      env: { ...s3.env(BUCKET, 'receipts'), S3_ENDPOINT: `http://${proxy.host}:${proxy.port}`, ...BOUNDS, METRICS_TOKEN: TOKEN },
      logger,
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
  async function settledObjects(count: number, waitMs = 5000): Promise<string[]> {
    for (const deadline = Date.now() + waitMs; ; ) {
      const keys = await objects();
      if (keys.length <= count || Date.now() > deadline) return keys;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The expenses whose title begins with `title`. */
  const titled = async (title: string) => {
    const list = await owner.api.get(`${paths.list}?page_size=100`);
    expect(list.status).toBe(200);
    return (list.body as { unique_id: string; title: string }[]).filter((expense) => expense.title.startsWith(title));
  };

  /**
   * While the store is away, under a load of concurrent requests: uploads (receipts on creates
   * and on an update, a logo) and downloads (a receipt, a logo) answer 503 within the bound,
   * nothing is half made, and what needs no file is served as usual, a delete included. Once
   * it is back, a retry of each create (the keyed ones under the same `Idempotency-Key`) makes
   * exactly one expense with its receipt, the deleted expense's receipt is removed, and every
   * acknowledged receipt reads back.
   */
  async function outageAndReturn(takeAway: () => Promise<void> | void, mode: string): Promise<void> {
    const kept = await createWithReceipt();
    const gone = await createWithReceipt();
    const shown = await putPicture(owner.api, logo(), PICTURE_FILES.webp);
    expect(shown.status).toBe(200);
    const before = await objects();
    await takeAway();

    const title = `Made while S3 was ${mode}`;
    const uploads = Array.from({ length: UPLOADS }, (_, index) => ({
      fields: anExpense({ title: `${title} (${index})` }),
      // Most under a key: a keyed create's upload holds no transaction (SQLite's one writer, a Postgres connection).
      key: index < KEYED ? `s3-outage-${mode}-${factory.name}-${index}` : undefined,
      receipt: { bytes: Buffer.concat([RECEIPT_FILES.pdf.bytes, Buffer.from(`${mode} ${index}`)]), type: 'application/pdf' },
    }));
    const logoPath = new URL(shown.body.logo_url, app.client.baseUrl).pathname;
    const [refused, replaced, logoRefused, downloaded, logoShown, plain, deleted] = await Promise.all([
      Promise.all(uploads.map(({ fields, receipt, key }) => timed(() => create(fields, receipt, key)))),
      timed(() => owner.api.patch(paths.update(kept), undefined, { multipart: multipart({}, RECEIPT_FILES.jpeg) })),
      timed(() => putPicture(owner.api, logo(), PICTURE_FILES.png)),
      timed(() => downloadReceipt(kept)),
      timed(async () => {
        const response = await fetch(`${app.client.baseUrl}${logoPath}`, { headers: basic() });
        return { status: response.status, headers: response.headers, body: await response.json() };
      }),
      timed(() => create(anExpense(), undefined)),
      timed(() => owner.api.delete(paths.delete(gone))),
    ]);
    for (const response of [...refused, replaced, logoRefused, logoShown]) expectUnavailable(response, response.body);
    expectUnavailable(downloaded, JSON.parse(downloaded.bytes.toString()));
    // What needs no file is served as usual; the deleted expense's receipt is removed once the store is back.
    expect([plain.status, deleted.status]).toEqual([201, 204]);
    acknowledged.delete(gone);
    expect(await titled(title)).toEqual([]);

    await proxy.restore();
    expect(await objects()).toEqual(before);
    expect(await titled(title)).toEqual([]);

    const retried = await Promise.all(uploads.map(({ fields, receipt, key }) => create(fields, receipt, key)));
    expect(retried.map((response) => response.status)).toEqual(uploads.map(() => 201));
    const ids = retried.map((response) => response.body.unique_id as string);
    const again = await create(uploads[0].fields, uploads[0].receipt, uploads[0].key);
    expect([again.status, again.headers.get('idempotent-replayed'), again.body.unique_id]).toEqual([201, 'true', ids[0]]);
    expect((await titled(title)).map((expense) => expense.unique_id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await owner.api.get(paths.detail(id))).body.receipt_url).toEqual(expect.stringContaining(paths.receipt(id)));
    const after = await settledObjects(before.length - 1 + UPLOADS);
    expect(after.filter((object) => !before.includes(object))).toEqual(uploads.map(() => expect.stringMatching(/\.pdf$/)));
    expect(before.filter((object) => !after.includes(object))).toHaveLength(1);
    expect((await downloadReceipt(gone)).status).toBe(404);
    uploads.forEach(({ receipt }, index) => acknowledged.set(ids[index], receipt.bytes));

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

  it('answers 201 or 503 with Retry-After while its connections are reset under a load of uploads, and keeps every object it acknowledged and no other', async () => {
    const before = await objects();
    const title = `Made while S3 was reset on ${factory.name}`;
    const receipts = Array.from({ length: 12 }, (_, index) => Buffer.concat([RECEIPT_FILES.pdf.bytes, Buffer.from(`${title} ${index}`)]));
    const uploading = Promise.all(receipts.map((bytes, index) => timed(() => create(anExpense({ title: `${title} (${index})` }), { bytes, type: 'application/pdf' }))));
    // Resets while the uploads are under way, as from a store (or a middlebox) that dropped its connections.
    for (let reset = 0; reset < 5; reset++) {
      await new Promise((resolve) => setTimeout(resolve, 40));
      proxy.reset();
    }
    const answers = await uploading;
    for (const answer of answers) {
      if (answer.status === 503) expectUnavailable(answer, answer.body);
      else expect(answer.status).toBe(201);
    }
    const made = answers.flatMap((answer, index) => (answer.status === 201 ? [[answer.body.unique_id as string, receipts[index]] as const] : []));
    expect((await titled(title)).map((expense) => expense.unique_id).sort()).toEqual(made.map(([id]) => id).sort());
    for (const [id, bytes] of made) {
      const back = await downloadReceipt(id);
      expect([back.status, back.bytes.equals(bytes)]).toEqual([200, true]);
    }
    // An upload whose write was refused leaves no object once the removals are made.
    expect(await settledObjects(before.length + made.length, 15_000)).toHaveLength(before.length + made.length);
  });

  it('removes, from an instance started after the first stopped, the receipt of an expense deleted while the store was away', async () => {
    const gone = await createWithReceipt();
    const before = await objects();
    await proxy.cut();
    expect((await owner.api.delete(paths.delete(gone))).status).toBe(204);
    acknowledged.delete(gone);
    await app.close(); // what it was to remove is in the database, not in its memory
    expect(await objects()).toEqual(before);

    await proxy.restore();
    app = await startApp();
    // Its sweep comes to the removal once the back-off of the first instance's attempts is over.
    const after = await settledObjects(before.length - 1, 15_000);
    expect(after).toHaveLength(before.length - 1);
    expect(before.filter((object) => !after.includes(object))).toHaveLength(1);
  });
});
