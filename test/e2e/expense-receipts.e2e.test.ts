import { existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { actOn, anExpense, createExpense, expensePaths, multipart, RECEIPT_FILES, RENAMED_EXECUTABLE } from '../support/expenses';
import { imageIn, jpegDeclaring, photoWithPosition, pngDeclaring } from '../support/images';
import { addMember } from '../support/members';
import { untypedFilePart } from '../support/multipart';
import { startTestApp, TestApp } from '../support/test-app';

const INVALID_RECEIPT = 'Upload a valid receipt: a PDF, PNG, JPEG or WebP file.';

describe.each(testDatabases())('expense receipts on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let paths: ReturnType<typeof expensePaths>;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    owner = await signUp(app.client);
    member = await signUp(app.client);
    stranger = await signUp(app.client);
    await addMember(app, owner.organisationUniqueId, member);
    paths = expensePaths(owner.organisationUniqueId);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  /** Every receipt file kept under the data directory. */
  const storedFiles = (): string[] => {
    const root = path.join(app.config.dataDir, 'receipts');
    if (!existsSync(root)) return [];
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  };

  const createWithReceipt = (receipt: { bytes: Buffer; type?: string; name?: string }, fields: Record<string, unknown> = {}) =>
    member.api.post(paths.create, undefined, { multipart: multipart(anExpense(fields), receipt) });

  it('keeps the data directory, the database and every receipt readable by the service alone', async () => {
    expect((await createWithReceipt(RECEIPT_FILES.pdf)).status).toBe(201);
    const mode = (file: string) => statSync(file).mode & 0o777;
    expect(mode(app.config.dataDir)).toBe(0o700);
    const database = app.config.databaseUrl?.startsWith('sqlite://') ? app.config.databaseUrl.slice('sqlite://'.length) : null;
    if (database) {
      for (const file of [database, `${database}-wal`]) expect([file, mode(file)]).toEqual([file, 0o600]);
    }
    const root = path.join(app.config.dataDir, 'receipts');
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      const file = path.join(entry.parentPath, entry.name);
      expect([file, mode(file)]).toEqual([file, entry.isDirectory() ? 0o700 : 0o600]);
    }
    expect(storedFiles().length).toBeGreaterThan(0);
  });

  it.each(Object.entries(RECEIPT_FILES))('stores a %s receipt and streams it back to members with its type', async (kind, file) => {
    const before = storedFiles().length;
    const created = await createWithReceipt({ bytes: file.bytes, type: file.type });
    expect(created.status).toBe(201);
    const id = created.body.unique_id;
    const url = `${app.client.baseUrl}${paths.receipt(id)}`;
    expect(created.body.receipt).toBe(url);
    expect(created.body.receipt_url).toBe(url);
    expect(storedFiles()).toHaveLength(before + 1);

    const download = await fetch(url, { headers: { Authorization: basic(owner) } });
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Type')).toBe(file.type);
    const extension = { pdf: 'pdf', png: 'png', jpeg: 'jpg', webp: 'webp' }[kind];
    expect(download.headers.get('Content-Disposition')).toBe(`attachment; filename="receipt-${id}.${extension}"`);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(file.bytes);
  });

  it('judges a file by its content and names it itself, whatever the client called or labelled it', async () => {
    const created = await createWithReceipt({ bytes: RECEIPT_FILES.pdf.bytes, type: 'text/html', name: '../../../evil.html' });
    expect(created.status).toBe(201);
    const download = await fetch(`${app.client.baseUrl}${paths.receipt(created.body.unique_id)}`, {
      headers: { Authorization: basic(member) },
    });
    expect(download.headers.get('Content-Type')).toBe('application/pdf');
    expect(download.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(storedFiles().every((file) => /^[0-9a-f-]{36}\/[0-9a-f-]{36}\.(pdf|png|jpg|webp)$/.test(file))).toBe(true);
    expect(existsSync(path.join(app.config.dataDir, 'evil.html'))).toBe(false);
  });

  it('takes a receipt whose part names a file but has no Content-Type (Python requests), judging it by its content', async () => {
    const before = storedFiles().length;
    const receipt = (bytes: Buffer, expense_number: string) =>
      member.api.post(paths.create, undefined, untypedFilePart({ field: 'receipt', name: 'receipt.pdf', bytes }, anExpense({ expense_number })));
    const created = await receipt(RECEIPT_FILES.pdf.bytes, 'UNTYPED-PART');
    expect(created.status).toBe(201);
    expect(created.body.receipt_url).toBe(`${app.client.baseUrl}${paths.receipt(created.body.unique_id)}`);
    const download = await fetch(created.body.receipt_url, { headers: { Authorization: basic(member) } });
    expect(download.headers.get('Content-Type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(RECEIPT_FILES.pdf.bytes);

    const refused = await receipt(RENAMED_EXECUTABLE, 'UNTYPED-EXE');
    expect([refused.status, refused.body]).toEqual([400, { receipt: [INVALID_RECEIPT] }]);
    expect(storedFiles()).toHaveLength(before + 1);
  });

  it.each([
    ['a renamed executable', { bytes: RENAMED_EXECUTABLE, type: 'application/pdf', name: 'receipt.pdf' }, INVALID_RECEIPT],
    ['a GIF', { bytes: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), type: 'image/gif', name: 'r.gif' }, INVALID_RECEIPT],
    ['an empty file', { bytes: Buffer.alloc(0), type: 'application/pdf' }, 'The submitted file is empty.'],
  ])('refuses %s (400) and keeps nothing', async (_case, receipt, message) => {
    const before = storedFiles();
    const response = await createWithReceipt(receipt, { expense_number: `REFUSED-${_case}` });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ receipt: [message] });
    expect(storedFiles()).toEqual(before);
    expect((await owner.api.get(`${paths.list}?search=${encodeURIComponent(`REFUSED-${_case}`)}`)).body).toEqual([]);
  });

  it.each([
    ['a PNG', pngDeclaring(60_000, 60_000)],
    ['a JPEG', jpegDeclaring(60_000, 60_000)],
  ])('refuses %s of a few bytes declaring 60 000 × 60 000 pixels (400, before decoding it) and creates nothing', async (type, bomb) => {
    const before = storedFiles();
    const response = await createWithReceipt({ bytes: bomb, type: 'image/jpeg' }, { expense_number: `BOMB-${type}` });
    expect([response.status, response.body]).toEqual([400, { receipt: ['Image size (60000 × 60000 pixels) exceeds the limit of 16384 pixels a side.'] }]);
    expect(storedFiles()).toEqual(before);
    expect((await owner.api.get(`${paths.list}?search=${encodeURIComponent(`BOMB-${type}`)}`)).body).toEqual([]);
  });

  it('keeps a photographed receipt without its EXIF (GPS position, make) or XMP, upright', async () => {
    const created = await createWithReceipt({ bytes: photoWithPosition(), type: 'image/jpeg' });
    expect(created.status).toBe(201);
    const download = await fetch(created.body.receipt_url, { headers: { Authorization: basic(owner) } });
    expect(download.headers.get('Content-Type')).toBe('image/jpeg');
    expect(await imageIn(Buffer.from(await download.arrayBuffer()))).toEqual({ format: 'jpeg', width: 6, height: 8, metadata: [] });
  });

  it('refuses an 11 MiB upload with 413 and creates nothing', async () => {
    const before = storedFiles();
    const bytes = Buffer.concat([RECEIPT_FILES.pdf.bytes, Buffer.alloc(11 * 1024 * 1024)]);
    const response = await createWithReceipt({ bytes, type: 'application/pdf' }, { expense_number: 'TOO-LARGE' });
    expect(response.status).toBe(413);
    expect(response.body.detail).toMatch(/^Request body is larger than the limit of \d+ MiB\.$/);
    expect(storedFiles()).toEqual(before);
    expect((await owner.api.get(`${paths.list}?search=too-large`)).body).toEqual([]);
  });

  it('refuses a second file, and a thousand and first field, naming the limit, and creates nothing', async () => {
    const before = storedFiles();
    const uploadsBefore = uploads();
    const twoFiles = multipart(anExpense({ expense_number: 'TWO-FILES' }), RECEIPT_FILES.pdf);
    twoFiles.append('receipt', new Blob([RECEIPT_FILES.png.bytes], { type: 'image/png' }), 'second.png');
    const files = await member.api.post(paths.create, undefined, { multipart: twoFiles });
    expect([files.status, files.body]).toEqual([413, { detail: 'Request has more than 1 file.' }]);

    const manyFields = multipart(anExpense({ expense_number: 'MANY-FIELDS' }));
    for (let i = 0; i < 1000; i++) manyFields.append(`extra_${i}`, 'x');
    const fields = await member.api.post(paths.create, undefined, { multipart: manyFields });
    expect([fields.status, fields.body]).toEqual([413, { detail: 'Request has more than 1000 fields.' }]);

    expect(storedFiles()).toEqual(before);
    for (const number of ['two-files', 'many-fields']) expect((await owner.api.get(`${paths.list}?search=${number}`)).body).toEqual([]);
    // Nor a temporary file: every request's uploads go when it ends. Other tests' requests may hold
    // theirs for a moment, so any new one must be gone within a second.
    expect(await uploadsLeftSince(uploadsBefore)).toEqual([]);
  });

  it('leaves no file behind when the write fails after the upload was accepted', async () => {
    const existing = await createExpense(owner.api, owner.organisationUniqueId);
    const before = storedFiles();
    const duplicate = await createWithReceipt(RECEIPT_FILES.png, { expense_number: existing.expense_number });
    expect(duplicate.status).toBe(400);
    expect(storedFiles()).toEqual(before);

    await actOn(owner.api, owner.organisationUniqueId, existing.unique_id, 'submit');
    const locked = await member.api.patch(paths.update(existing.unique_id), undefined, { multipart: multipart({}, RECEIPT_FILES.png) });
    expect(locked.status).toBe(409);
    expect(storedFiles()).toEqual(before);
  });

  it('replaces a receipt on update and removes the old file', async () => {
    const created = await createWithReceipt(RECEIPT_FILES.pdf);
    const id = created.body.unique_id;
    const before = storedFiles();
    const replaced = await member.api.patch(paths.update(id), undefined, { multipart: multipart({ title: 'With a photo' }, RECEIPT_FILES.jpeg) });
    expect(replaced.status).toBe(200);
    expect(replaced.body.title).toBe('With a photo');
    const after = storedFiles();
    expect(after).toHaveLength(before.length);
    expect(after.filter((file) => !before.includes(file))).toEqual([expect.stringMatching(/\.jpg$/)]);
    const download = await member.api.get(paths.receipt(id));
    expect(download.headers.get('Content-Type')).toBe('image/jpeg');
  });

  it.each([
    ['JSON null', (id: string) => member.api.patch(paths.update(id), { receipt: null })],
    ['an empty form value', (id: string) => member.api.patch(paths.update(id), undefined, { multipart: multipart({ receipt: '' }) })],
  ])('removes a receipt sent as %s, and its file', async (_case, remove) => {
    const created = await createWithReceipt(RECEIPT_FILES.webp);
    const before = storedFiles();
    const response = await remove(created.body.unique_id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ receipt: null, receipt_url: null });
    expect(storedFiles()).toHaveLength(before.length - 1);
    const download = await member.api.get(paths.receipt(created.body.unique_id));
    expect(download.status).toBe(404);
  });

  it('keeps the receipt through an update that does not mention it', async () => {
    const created = await createWithReceipt(RECEIPT_FILES.png);
    const response = await member.api.patch(paths.update(created.body.unique_id), { title: 'Renamed' });
    expect(response.body.receipt).toBe(created.body.receipt);
    expect((await member.api.get(paths.receipt(created.body.unique_id))).status).toBe(200);
  });

  it('removes the file with the expense', async () => {
    const created = await createWithReceipt(RECEIPT_FILES.pdf);
    const before = storedFiles();
    expect((await member.api.delete(paths.delete(created.body.unique_id))).status).toBe(204);
    expect(storedFiles()).toHaveLength(before.length - 1);
  });

  it("answers 404 for a receipt to another organisation's member, and to anyone when there is none", async () => {
    const created = await createWithReceipt(RECEIPT_FILES.pdf);
    const foreign = await stranger.api.get(paths.receipt(created.body.unique_id));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: 'Not found.' });
    const none = await createExpense(owner.api, owner.organisationUniqueId);
    expect((await owner.api.get(paths.receipt(none.unique_id))).status).toBe(404);
    const anonymous = await app.client.get(paths.receipt(created.body.unique_id));
    expect(anonymous.status).toBe(401);
  });
});

function basic(user: TestUser): string {
  return `Basic ${Buffer.from(`${user.email}:${user.password}`).toString('base64')}`;
}

/** Uploads in the system's temporary directory: per-request directories, and files as formidable names them. */
function uploads(): string[] {
  return readdirSync(tmpdir()).filter((name) => name.startsWith('upload-') || /^[0-9a-z]{25}$/.test(name));
}

/** Uploads made since `before` that are still there after a second. */
async function uploadsLeftSince(before: string[]): Promise<string[]> {
  for (let waited = 0; ; waited += 50) {
    const left = uploads().filter((name) => !before.includes(name));
    if (left.length === 0 || waited >= 1000) return left;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
