import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { S3FileStorage } from '../../adapters/file-storage/s3-file-storage';
import { FILE_STORAGE_TOKENS, FileStorage } from '../../application/shared/file-storage';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { anExpense, expensePaths, multipart, RECEIPT_FILES } from '../support/expenses';
import { PICTURE_FILES, putPicture, download as downloadPicture } from '../support/pictures';
import { TestS3Server } from '../support/s3-server';
import { startTestApp, TestApp } from '../support/test-app';

const BUCKET = 'expense-receipts';
/** Object keys: `receipts/<organisation id>/<uuid>.<ext>`. */
const OBJECT_KEY = /^receipts\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(pdf|png|jpg|webp)$/;

describe.each(testDatabases())('expense receipts in an S3 bucket on $name', (factory) => {
  let s3: TestS3Server;
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let paths: ReturnType<typeof expensePaths>;

  beforeAll(async () => {
    s3 = await TestS3Server.start();
    await s3.createBucket(BUCKET);
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { env: s3.env(BUCKET, 'receipts') });
    owner = await signUp(app.client);
    paths = expensePaths(owner.organisationUniqueId);
  });

  afterAll(async () => {
    const storage = app.application.container.get<FileStorage>(FILE_STORAGE_TOKENS.Receipts);
    await app.close();
    if (storage instanceof S3FileStorage) storage.close();
    await dispose();
    await s3.stop();
  });

  const objects = () => s3.objectKeys(BUCKET);

  /** Receipt files under the data directory, where they would be without STORAGE_URL. */
  const filesOnDisk = (): string[] => {
    const root = path.join(app.config.dataDir, 'receipts');
    if (!existsSync(root)) return [];
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
  };

  const createWithReceipt = (receipt: { bytes: Buffer; type: string }) =>
    owner.api.post(paths.create, undefined, { multipart: multipart(anExpense(), receipt) });

  const download = (id: string) =>
    fetch(`${app.client.baseUrl}${paths.receipt(id)}`, {
      headers: { Authorization: `Basic ${Buffer.from(`${owner.email}:${owner.password}`).toString('base64')}` },
    });

  it('is configured for the bucket', () => {
    expect(app.config.storage).toMatchObject({ kind: 's3', bucket: BUCKET, prefix: 'receipts', forcePathStyle: true });
    expect(app.application.container.get(FILE_STORAGE_TOKENS.Receipts)).toBeInstanceOf(S3FileStorage);
    expect(app.application.container.get(FILE_STORAGE_TOKENS.Pictures)).toBeInstanceOf(S3FileStorage);
  });

  it.each([
    ['a small PDF', { bytes: RECEIPT_FILES.pdf.bytes, type: 'application/pdf' }],
    // A PDF is kept as sent (an image is re-encoded, and as small as its pixels make it): large enough for a multipart upload.
    ['a 6 MiB PDF', { bytes: Buffer.concat([RECEIPT_FILES.pdf.bytes, randomBytes(6 * 1024 * 1024)]), type: 'application/pdf' }],
    ['a small PNG', { bytes: RECEIPT_FILES.png.bytes, type: 'image/png' }],
  ])('keeps %s in the bucket, not on disk, and gives it back byte for byte', async (_case, file) => {
    const before = await objects();
    const created = await createWithReceipt(file);
    expect(created.status).toBe(201);

    const added = (await objects()).filter((key) => !before.includes(key));
    expect(added).toEqual([expect.stringMatching(OBJECT_KEY)]);
    expect(await s3.head(BUCKET, added[0])).toEqual({ contentType: file.type, size: file.bytes.length });
    expect(filesOnDisk()).toEqual([]);

    const response = await download(created.body.unique_id);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe(file.type);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(file.bytes.length);
    expect(bytes.equals(file.bytes)).toBe(true);
  });

  it('replaces the object when the receipt is replaced, and removes it with the expense', async () => {
    const created = await createWithReceipt(RECEIPT_FILES.pdf);
    const id = created.body.unique_id;
    const withPdf = await objects();

    const replaced = await owner.api.patch(paths.update(id), undefined, { multipart: multipart({}, RECEIPT_FILES.jpeg) });
    expect(replaced.status).toBe(200);
    const withJpeg = await objects();
    expect(withJpeg).toHaveLength(withPdf.length);
    expect(withJpeg.filter((key) => !withPdf.includes(key))).toEqual([expect.stringMatching(/\.jpg$/)]);
    expect(Buffer.from(await (await download(id)).arrayBuffer()).equals(RECEIPT_FILES.jpeg.bytes)).toBe(true);

    expect((await owner.api.delete(paths.delete(id))).status).toBe(204);
    expect(await objects()).toHaveLength(withPdf.length - 1);
    expect(filesOnDisk()).toEqual([]);
  });

  it('keeps pictures in the same bucket, in the folder pictures/ under the prefix, replaced and removed there', async () => {
    const before = await objects();
    const first = await putPicture(owner.api, '/api/v1.0/organisation/' + owner.organisationUniqueId + '/logo/', PICTURE_FILES.png);
    expect(first.status).toBe(200);
    const added = (await objects()).filter((key) => !before.includes(key));
    expect(added).toEqual([expect.stringMatching(/^receipts\/pictures\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.png$/)]);
    expect(await s3.head(BUCKET, added[0])).toEqual({ contentType: 'image/png', size: PICTURE_FILES.png.bytes.length });
    const got = await downloadPicture(app.client.baseUrl, first.body.logo_url, owner);
    expect([got.status, got.type, got.bytes.equals(PICTURE_FILES.png.bytes)]).toEqual([200, 'image/png', true]);

    const second = await putPicture(owner.api, '/api/v1.0/organisation/' + owner.organisationUniqueId + '/logo/', PICTURE_FILES.webp);
    expect(second.status).toBe(200);
    const replaced = (await objects()).filter((key) => !before.includes(key));
    expect(replaced).toEqual([expect.stringMatching(/^receipts\/pictures\/.+\.webp$/)]);
    expect((await owner.api.delete('/api/v1.0/organisation/' + owner.organisationUniqueId + '/logo/')).status).toBe(204);
    expect(await objects()).toEqual(before);
  });
});
