import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InMemoryFileStorage } from '../../../adapters/file-storage/in-memory-file-storage';
import { LocalDiskFileStorage } from '../../../adapters/file-storage/local-disk-file-storage';
import { S3FileStorage, S3StorageOptions } from '../../../adapters/file-storage/s3-file-storage';
import { FileNamespace, FileStorage } from '../../../application/shared/file-storage';
import { IncomingFile } from '../../../application/shared/incoming-file';
import { FILE_EXTENSIONS, FileContentType } from '../../../domain/shared/file-type';
import { filesUnder } from '../../support/files';
import { TestS3Server } from '../../support/s3-server';

/**
 * What every FileStorage adapter promises the areas that keep files (receipts,
 * pictures): the bytes put are the bytes read, keys are the storage's own, a
 * key that is not one of them never reaches the store, and the namespaces of
 * one store keep apart.
 */
interface OpenStorage {
  storage: FileStorage;
  /** The other namespace of the same store (the same directory, the same bucket and prefix). */
  neighbour: FileStorage;
  /** Every key the namespace holds, leftovers of failed puts included, for checks that nothing stayed behind. */
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
  open(namespace: FileNamespace): Promise<OpenStorage>;
}

const NAMESPACES: FileNamespace[] = ['receipts', 'pictures'];
const otherThan = (namespace: FileNamespace): FileNamespace => (namespace === 'receipts' ? 'pictures' : 'receipts');

/** Where `../planted.pdf` would lead on disk if a key were joined onto the namespace's directory unchecked. */
const PLANTED = 'planted.pdf';

const TARGETS: StorageTarget[] = [
  {
    name: 'in-memory',
    open: async () => {
      const storage = new InMemoryFileStorage();
      return {
        storage,
        neighbour: new InMemoryFileStorage(),
        keys: async () => storage.keys().sort(),
        footprint: () => storage.keys().sort(),
        refusesMalformedKeys: false,
        close: async () => undefined,
      };
    },
  },
  {
    name: 'local disk',
    open: async (namespace) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'file-storage-'));
      writeFileSync(path.join(dataDir, PLANTED), '%PDF-1.7 not a receipt');
      const root = path.join(dataDir, namespace);
      return {
        storage: new LocalDiskFileStorage(dataDir, namespace),
        neighbour: new LocalDiskFileStorage(dataDir, otherThan(namespace)),
        keys: async () => filesUnder(root),
        footprint: () => filesUnder(dataDir).map((file) => `${file} ${statSync(path.join(dataDir, file)).size}`),
        refusesMalformedKeys: true,
        close: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3 (s3rver)',
    open: async (namespace) => {
      const server = await TestS3Server.start();
      const bucket = await server.createBucket('files-contract');
      const storage = server.storage(bucket, 'files', namespace);
      // Receipts at the prefix itself (as before namespaces), pictures in a folder of their own under it.
      const own = namespace === 'receipts' ? /^files\/(?!pictures\/)/ : /^files\/pictures\//;
      return {
        storage,
        neighbour: storage.inNamespace(otherThan(namespace)),
        keys: async () => (await server.objectKeys(bucket)).filter((key) => own.test(key)).map((key) => key.replace(own, '')),
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

const CASES = TARGETS.flatMap((target) => NAMESPACES.map((namespace) => ({ target, namespace, name: `${target.name}, namespace ${namespace}` })));

describe.each(CASES)('file storage on $name', ({ target, namespace }) => {
  let opened: OpenStorage;
  let storage: FileStorage;
  const organisationId = randomUUID();

  beforeAll(async () => {
    opened = await target.open(namespace);
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

  it('tells the key before it stores the file, and stores nothing when that fails', async () => {
    const told: { key: string; stored: boolean }[] = [];
    const key = await storage.put(organisationId, fileOf(Buffer.from('told first')), 'application/pdf', async (key) => {
      told.push({ key, stored: (await storage.read(key)) !== null });
    });
    expect(told).toEqual([{ key, stored: false }]);
    expect(await contentOf(await storage.read(key))).toEqual(Buffer.from('told first'));

    let refused = '';
    const failure = new Error('The database is unavailable.');
    await expect(
      storage.put(organisationId, fileOf(Buffer.from('never stored')), 'application/pdf', async (key) => {
        refused = key;
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await storage.read(refused)).toBeNull();
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

  it.each(Object.entries(FILE_EXTENSIONS) as [FileContentType, string][])(
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
        await expect(storage.read(key)).rejects.toThrow('Malformed file key.');
        await expect(storage.remove(key)).rejects.toThrow('Malformed file key.');
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

  it("keeps apart from the store's other namespace: a key of one names nothing in the other", async () => {
    const bytes = Buffer.from('%PDF-1.7 mine');
    const key = await storage.put(organisationId, fileOf(bytes), 'application/pdf');
    expect(await opened.neighbour.read(key)).toBeNull();
    await opened.neighbour.remove(key);
    expect((await contentOf(await storage.read(key))).equals(bytes)).toBe(true);
    const theirs = await opened.neighbour.put(organisationId, fileOf(Buffer.from('theirs')), 'image/png');
    expect(await opened.keys()).not.toContain(theirs);
    expect(await storage.read(theirs)).toBeNull();
  });
});

describe('file storage on S3: the bucket as an operator sees it', () => {
  let server: TestS3Server;
  const bucket = 'receipts-layout';
  const organisationId = randomUUID();
  const opened: S3FileStorage[] = [];
  const storageWith = (prefix: string, options: Partial<S3StorageOptions> = {}, namespace: FileNamespace = 'receipts') => {
    const storage = new S3FileStorage({ ...server.storageOptions(bucket, prefix), ...options }, namespace);
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

  it.each(Object.keys(FILE_EXTENSIONS) as FileContentType[])('keeps the content type %s on the object', async (contentType) => {
    const storage = storageWith('typed');
    const bytes = randomBytes(10_000);
    const key = await storage.put(organisationId, fileOf(bytes), contentType);
    expect(await server.head(bucket, `typed/${key}`)).toEqual({ contentType, size: bytes.length });
  });

  it.each([
    ['receipts', 'receipts/'],
    ['/nested/receipts/', 'nested/receipts/'],
    ['', ''],
  ])('keeps receipts under the prefix %j as %j<key> (where they were before namespaces), pictures in its folder pictures/, with no empty path segment', async (prefix, expected) => {
    const key = await storageWith(prefix).put(organisationId, fileOf(Buffer.from('laid out')), 'application/pdf');
    const picture = await storageWith(prefix, {}, 'pictures').put(organisationId, fileOf(Buffer.from('laid out')), 'image/png');
    const objectKeys = [`${expected}${key}`, `${expected}pictures/${picture}`];
    expect(await server.objectKeys(bucket)).toEqual(expect.arrayContaining(objectKeys));
    for (const objectKey of objectKeys) expect(objectKey).not.toMatch(/^\/|\/\//);
  });

  it('has the whole object in the bucket when a multipart put answers', async () => {
    const bytes = randomBytes(11 * 1024 * 1024);
    const key = await storageWith('whole').put(organisationId, fileOf(bytes), 'image/png');
    expect(await server.head(bucket, `whole/${key}`)).toEqual({ contentType: 'image/png', size: bytes.length });
  });

  it('fails a read, rather than finding nothing, when the bucket is missing', async () => {
    const storage = new S3FileStorage(server.storageOptions('no-such-bucket', 'receipts'), 'receipts');
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
