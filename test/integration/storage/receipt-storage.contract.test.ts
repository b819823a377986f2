import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InMemoryReceiptStorage } from '../../../adapters/file-storage/in-memory-receipt-storage';
import { LocalDiskReceiptStorage } from '../../../adapters/file-storage/local-disk-receipt-storage';
import { S3ReceiptStorage, S3ReceiptStorageOptions } from '../../../adapters/file-storage/s3-receipt-storage';
import { ReceiptStorage } from '../../../application/expense/expense.ports';
import { IncomingFile } from '../../../application/shared/incoming-file';
import { RECEIPT_FILE_EXTENSIONS, ReceiptContentType } from '../../../domain/expense/receipt';
import { TestS3Server } from '../../support/s3-server';

/**
 * What every ReceiptStorage adapter promises the expense area: the bytes put are
 * the bytes read, keys are the storage's own, and a key that is not one of them
 * never reaches the store.
 */
interface OpenStorage {
  storage: ReceiptStorage;
  /** Every key the store holds, leftovers of failed puts included, for checks that nothing stayed behind. */
  keys(): Promise<string[]>;
  /**
   * Everything the store holds or was asked, read without asking it anything: a
   * call that must not reach the store leaves it as it was.
   */
  footprint(): unknown;
  /** Disk and S3 throw on a malformed key; memory has nothing beyond its map to protect, and finds nothing. */
  refusesMalformedKeys: boolean;
  close(): Promise<void>;
}

interface StorageTarget {
  name: string;
  open(): Promise<OpenStorage>;
}

/** Where `../planted.pdf` would lead on disk if a key were joined onto the receipts directory unchecked. */
const PLANTED = 'planted.pdf';

const TARGETS: StorageTarget[] = [
  {
    name: 'in-memory',
    open: async () => {
      const storage = new InMemoryReceiptStorage();
      return {
        storage,
        keys: async () => storage.keys().sort(),
        footprint: () => storage.keys().sort(),
        refusesMalformedKeys: false,
        close: async () => undefined,
      };
    },
  },
  {
    name: 'local disk',
    open: async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'receipt-storage-'));
      writeFileSync(path.join(dataDir, PLANTED), '%PDF-1.7 not a receipt');
      const receipts = path.join(dataDir, 'receipts');
      return {
        storage: new LocalDiskReceiptStorage(dataDir),
        keys: async () => filesUnder(receipts),
        footprint: () => filesUnder(dataDir).map((file) => `${file} ${statSync(path.join(dataDir, file)).size}`),
        refusesMalformedKeys: true,
        close: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3 (s3rver)',
    open: async () => {
      const server = await TestS3Server.start();
      const bucket = await server.createBucket('receipts-contract');
      const storage = server.storage(bucket, 'receipts');
      return {
        storage,
        keys: async () => (await server.objectKeys(bucket)).map((key) => key.replace(/^receipts\//, '')),
        footprint: () => server.requests,
        refusesMalformedKeys: true,
        close: async () => {
          storage.close();
          await server.stop();
        },
      };
    },
  },
];

describe.each(TARGETS)('receipt storage on $name', (target) => {
  let opened: OpenStorage;
  let storage: ReceiptStorage;
  const organisationId = randomUUID();

  beforeAll(async () => {
    opened = await target.open();
    storage = opened.storage;
  });

  afterAll(() => opened.close());

  it.each([
    ['a few bytes of text', Buffer.from('%PDF-1.7\n%%EOF\n'), 64 * 1024],
    ['every byte value, in odd-sized chunks', Buffer.from(Array.from({ length: 256 * 40 }, (_, i) => i % 256)), 333],
    ['a single byte', Buffer.from([0]), 1],
    ['an empty file', Buffer.alloc(0), 1],
    ['random binary over 5 MiB (a multipart upload on S3)', randomBytes(5 * 1024 * 1024 + 12_345), 64 * 1024],
  ])('gives back %s exactly', async (_case, bytes, chunkSize) => {
    const key = await storage.put(organisationId, fileOf(bytes, { chunkSize }), 'application/pdf');
    const read = await contentOf(await storage.read(key));
    expect(read.length).toBe(bytes.length);
    expect(digest(read)).toBe(digest(bytes));
  });

  it('gives the same bytes to every read, and to reads at the same time', async () => {
    const bytes = randomBytes(200_000);
    const key = await storage.put(organisationId, fileOf(bytes), 'image/png');
    const reads = await Promise.all([1, 2, 3].map(async () => contentOf(await storage.read(key))));
    for (const read of reads) expect(read.equals(bytes)).toBe(true);
  });

  it('keeps files put at the same time apart', async () => {
    const files = [randomBytes(1000), randomBytes(6 * 1024 * 1024), randomBytes(70_000)];
    const keys = await Promise.all(files.map((bytes) => storage.put(organisationId, fileOf(bytes), 'image/webp')));
    for (const [i, key] of keys.entries()) expect((await contentOf(await storage.read(key))).equals(files[i])).toBe(true);
  });

  it('gives each put a key of its own, also for the same file twice', async () => {
    const bytes = Buffer.from('%PDF-1.7 twice');
    const first = await storage.put(organisationId, fileOf(bytes), 'application/pdf');
    const second = await storage.put(organisationId, fileOf(bytes), 'application/pdf');
    expect(second).not.toBe(first);
    await storage.remove(first);
    expect(await storage.read(first)).toBeNull();
    expect((await contentOf(await storage.read(second))).equals(bytes)).toBe(true);
  });

  it.each(Object.entries(RECEIPT_FILE_EXTENSIONS) as [ReceiptContentType, string][])(
    'names a %s file itself: the organisation, a random id and .%s, never what the client sent',
    async (contentType, extension) => {
      const file = Object.assign(fileOf(Buffer.from('content')), { name: '../../evil.html', type: 'text/html', filename: 'evil' });
      const key = await storage.put(organisationId, file, contentType);
      expect(key).toMatch(new RegExp(`^${organisationId}/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\\.${extension}$`));
      expect(key).not.toMatch(/evil|html/);
    },
  );

  it('answers null for a well-formed key that names nothing', async () => {
    expect(await storage.read(`${organisationId}/${randomUUID()}.pdf`)).toBeNull();
    expect(await storage.read(`${randomUUID()}/${randomUUID()}.jpg`)).toBeNull();
  });

  it('removes a file: it cannot be read again, and removing it again is fine', async () => {
    const key = await storage.put(organisationId, fileOf(Buffer.from('to be removed')), 'image/jpeg');
    await storage.remove(key);
    expect(await storage.read(key)).toBeNull();
    expect(await opened.keys()).not.toContain(key);
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it('takes the removal of a key that never named anything', async () => {
    await expect(storage.remove(`${organisationId}/${randomUUID()}.png`)).resolves.toBeUndefined();
  });

  describe('a key that is not one of its own', () => {
    const someId = randomUUID();
    it.each([
      ['../planted.pdf'],
      [`${someId}/../../planted.pdf`],
      ['/etc/passwd'],
      [`${someId}/${randomUUID()}.exe`],
      [`${someId}/${randomUUID()}.PDF`],
      [`${someId}/${randomUUID()}.pdf/..`],
      [`${someId}/${randomUUID()}.pdf\n`],
      [`${someId}/nested/${randomUUID()}.pdf`],
      [`${someId}\\${randomUUID()}.pdf`],
      [`${randomUUID()}.pdf`],
      [''],
    ])('is refused before it reaches the store: %j', async (key) => {
      const before = opened.footprint();
      if (opened.refusesMalformedKeys) {
        await expect(storage.read(key)).rejects.toThrow('Malformed receipt key.');
        await expect(storage.remove(key)).rejects.toThrow('Malformed receipt key.');
      } else {
        expect(await storage.read(key)).toBeNull();
        await storage.remove(key);
      }
      expect(opened.footprint()).toEqual(before);
    });
  });

  it.each([
    ['after the first kilobyte', 1024],
    ['after 6 MiB (parts already uploaded on S3)', 6 * 1024 * 1024],
  ])('rejects a put whose file fails %s, and keeps nothing of it', async (_case, failAfter) => {
    const keysBefore = await opened.keys();
    const failure = new Error('The upload could not be read.');
    const file = fileOf(randomBytes(failAfter + 1024 * 1024), { failAfter, failure });
    await expect(storage.put(organisationId, file, 'application/pdf')).rejects.toBe(failure);
    expect(await opened.keys()).toEqual(keysBefore);
  });
});

describe('receipt storage on S3: the bucket as an operator sees it', () => {
  let server: TestS3Server;
  const bucket = 'receipts-layout';
  const organisationId = randomUUID();
  const opened: S3ReceiptStorage[] = [];
  const storageWith = (prefix: string, options: Partial<S3ReceiptStorageOptions> = {}) => {
    const storage = new S3ReceiptStorage({ ...server.storageOptions(bucket, prefix), ...options });
    opened.push(storage);
    return storage;
  };

  beforeAll(async () => {
    server = await TestS3Server.start();
    await server.createBucket(bucket);
  });

  afterAll(async () => {
    for (const storage of opened) storage.close();
    await server.stop();
  });

  it.each(Object.keys(RECEIPT_FILE_EXTENSIONS) as ReceiptContentType[])('keeps the content type %s on the object', async (contentType) => {
    const storage = storageWith('typed');
    const bytes = randomBytes(10_000);
    const key = await storage.put(organisationId, fileOf(bytes), contentType);
    expect(await server.head(bucket, `typed/${key}`)).toEqual({ contentType, size: bytes.length });
  });

  it.each([
    ['receipts', 'receipts/'],
    ['/nested/receipts/', 'nested/receipts/'],
    ['', ''],
  ])('keeps objects under the prefix %j as %j<key>, with no empty path segment', async (prefix, expected) => {
    const key = await storageWith(prefix).put(organisationId, fileOf(Buffer.from('laid out')), 'application/pdf');
    const objectKey = `${expected}${key}`;
    expect(await server.objectKeys(bucket)).toContain(objectKey);
    expect(objectKey).not.toMatch(/^\/|\/\//);
  });

  it('has the whole object in the bucket when a multipart put answers', async () => {
    const bytes = randomBytes(11 * 1024 * 1024);
    const key = await storageWith('whole').put(organisationId, fileOf(bytes), 'image/png');
    expect(await server.head(bucket, `whole/${key}`)).toEqual({ contentType: 'image/png', size: bytes.length });
  });

  it('fails a read, rather than finding nothing, when the bucket is missing', async () => {
    const storage = new S3ReceiptStorage(server.storageOptions('no-such-bucket', 'receipts'));
    opened.push(storage);
    await expect(storage.read(`${organisationId}/${randomUUID()}.pdf`)).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('rejects a put the store refuses, and keeps nothing', async () => {
    const before = await server.objectKeys(bucket);
    const storage = storageWith('refused', { accessKeyId: 'UNKNOWN', secretAccessKey: 'UNKNOWN' });
    await expect(storage.put(organisationId, fileOf(Buffer.from('%PDF-1.7')), 'application/pdf')).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    expect(await server.objectKeys(bucket)).toEqual(before);
  });
});

/** An upload as the HTTP adapter hands it over: read in chunks, and failing midway when told to. */
function fileOf(bytes: Buffer, options: { chunkSize?: number; failAfter?: number; failure?: Error } = {}): IncomingFile {
  const { chunkSize = 64 * 1024, failAfter, failure = new Error('read failed') } = options;
  return {
    size: bytes.length,
    head: async (length) => bytes.subarray(0, length),
    async *content() {
      for (let offset = 0; offset < bytes.length; offset += chunkSize) {
        if (failAfter !== undefined && offset >= failAfter) throw failure;
        // A copy, as a file read gives: the storage must not rely on the caller's buffer.
        yield Buffer.from(bytes.subarray(offset, offset + chunkSize));
      }
    },
  };
}

async function contentOf(content: AsyncIterable<Uint8Array> | null): Promise<Buffer> {
  if (!content) throw new Error('expected content, found nothing');
  const chunks: Uint8Array[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function digest(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Files under `root`, relative to it, as `/`-separated paths. */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
