import path from 'node:path';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { filesUnder } from '../support/files';
import { imageIn, jpegDeclaring, photoWithPosition, pngDeclaring } from '../support/images';
import { addMember } from '../support/members';
import { download, NOT_PICTURES, PICTURE_FILES, pictureForm, putPicture } from '../support/pictures';
import { untypedFilePart } from '../support/multipart';
import { startTestApp, TestApp } from '../support/test-app';

const INVALID_IMAGE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';
const FIVE_MIB = 5 * 1024 * 1024;
const MY_PICTURE = '/api/v1.0/me/picture/';
const logoPath = (org: string) => `/api/v1.0/organisation/${org}/logo/`;

describe.each(testDatabases())('pictures on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    owner = await signUp(app.client);
    member = await signUp(app.client);
    stranger = await signUp(app.client);
    await addMember(app, owner.organisationUniqueId, member);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  /** Every picture file kept under the data directory. */
  const storedFiles = (): string[] => filesUnder(path.join(app.config.dataDir, 'pictures'));
  const get = (user: TestUser, url: string) => download(app.client.baseUrl, url, user);
  const pictureUrlOf = async (user: TestUser): Promise<string | null> => (await user.api.get('/api/v1.0/me/')).body.profile_picture_url;

  describe("a person's own picture", () => {
    let ada: TestUser;

    beforeEach(async () => {
      ada = await signUp(app.client);
      await addMember(app, owner.organisationUniqueId, ada);
    });

    it.each(Object.entries(PICTURE_FILES))('takes a %s, shows its URL in the profile and gives it back byte for byte with its type', async (_kind, file) => {
      const before = storedFiles();
      const put = await putPicture(ada.api, MY_PICTURE, file);
      expect(put.status).toBe(200);
      const url = put.body.profile_picture_url as string;
      expect(url).toMatch(new RegExp(`^${app.client.baseUrl}/api/v1\\.0/people/${ada.personUniqueId}/picture/\\?v=[A-Za-z0-9_-]{6,}$`));
      expect(put.body.unique_id).toBe(ada.personUniqueId);

      const me = await ada.api.get('/api/v1.0/me/');
      expect(me.body.profile_picture_url).toBe(url);
      expect(me.headers.get('ETag')).toBe(put.headers.get('ETag'));
      expect(storedFiles()).toHaveLength(before.length + 1);

      const got = await get(ada, url);
      expect(got).toMatchObject({ status: 200, type: file.type });
      // Through the API client too: the answer (status, type, headers) as the API description has it.
      expect((await ada.api.get(url.replace(app.client.baseUrl, ''))).status).toBe(200);
      expect(got.cacheControl).toMatch(/^private\b/);
      expect(got.bytes.equals(file.bytes)).toBe(true);
    });

    it('replaces the picture under a new URL and removes the old file', async () => {
      const first = await putPicture(ada.api, MY_PICTURE, PICTURE_FILES.png);
      const filesWithFirst = storedFiles();
      const second = await putPicture(ada.api, MY_PICTURE, PICTURE_FILES.webp);
      expect(second.status).toBe(200);
      expect(second.body.profile_picture_url).not.toBe(first.body.profile_picture_url);
      expect(storedFiles()).toHaveLength(filesWithFirst.length);
      expect(storedFiles().filter((file) => !filesWithFirst.includes(file))).toEqual([expect.stringMatching(/\.webp$/)]);
      const got = await get(ada, second.body.profile_picture_url);
      expect(got.type).toBe('image/webp');
      expect(got.bytes.equals(PICTURE_FILES.webp.bytes)).toBe(true);
    });

    it('takes a picture whose part names a file but has no Content-Type (Python requests), judging it by its content', async () => {
      const put = await ada.api.put(MY_PICTURE, undefined, untypedFilePart({ field: 'picture', name: 'me.jpg', bytes: PICTURE_FILES.jpeg.bytes }));
      expect(put.status).toBe(200);
      const got = await get(ada, put.body.profile_picture_url);
      expect(got).toMatchObject({ status: 200, type: 'image/jpeg' });
      expect(got.bytes.equals(PICTURE_FILES.jpeg.bytes)).toBe(true);

      const text = await ada.api.put(MY_PICTURE, undefined, untypedFilePart({ field: 'picture', name: 'me.png', bytes: NOT_PICTURES.text.bytes }));
      expect([text.status, text.body]).toEqual([400, { picture: [INVALID_IMAGE] }]);
      expect(await pictureUrlOf(ada)).toBe(put.body.profile_picture_url);
    });

    it.each([
      ['an SVG', NOT_PICTURES.svg, INVALID_IMAGE],
      ['a GIF', NOT_PICTURES.gif, INVALID_IMAGE],
      ['text labelled as a PNG', NOT_PICTURES.text, INVALID_IMAGE],
      ['a PDF (a receipt, not a picture)', NOT_PICTURES.pdf, INVALID_IMAGE],
      ['an empty file', { bytes: Buffer.alloc(0), type: 'image/png' }, 'The submitted file is empty.'],
    ])('refuses %s (400 on picture), keeping the picture it has', async (_case, file, message) => {
      const kept = await putPicture(ada.api, MY_PICTURE, PICTURE_FILES.jpeg);
      const before = storedFiles();
      const refused = await putPicture(ada.api, MY_PICTURE, file);
      expect([refused.status, refused.body]).toEqual([400, { picture: [message] }]);
      expect(storedFiles()).toEqual(before);
      expect(await pictureUrlOf(ada)).toBe(kept.body.profile_picture_url);
      expect((await get(ada, kept.body.profile_picture_url)).bytes.equals(PICTURE_FILES.jpeg.bytes)).toBe(true);
    });

    it('refuses a picture over 5 MiB (413), keeping the picture it has, and takes one of exactly 5 MiB, keeping only the image', async () => {
      const kept = await putPicture(ada.api, MY_PICTURE, PICTURE_FILES.png);
      const before = storedFiles();
      const tooLarge = Buffer.concat([PICTURE_FILES.png.bytes, Buffer.alloc(FIVE_MIB + 1 - PICTURE_FILES.png.bytes.length)]);
      const refused = await putPicture(ada.api, MY_PICTURE, { bytes: tooLarge, type: 'image/png' });
      expect([refused.status, refused.body]).toEqual([413, { detail: 'Request body is larger than the limit of 5 MiB.' }]);
      expect(storedFiles()).toEqual(before);
      expect(await pictureUrlOf(ada)).toBe(kept.body.profile_picture_url);
      expect((await get(ada, kept.body.profile_picture_url)).bytes.equals(PICTURE_FILES.png.bytes)).toBe(true);

      const exactly = tooLarge.subarray(0, FIVE_MIB);
      const taken = await putPicture(ada.api, MY_PICTURE, { bytes: exactly, type: 'image/png' });
      expect(taken.status).toBe(200);
      // The zeros after the image's end are not part of it: re-encoded, it is the small PNG alone.
      expect((await get(ada, taken.body.profile_picture_url)).bytes.equals(PICTURE_FILES.png.bytes)).toBe(true);
    });

    it.each([
      ['no file part', () => ada.api.put(MY_PICTURE, undefined, { multipart: pictureForm(PICTURE_FILES.png, 'avatar') }), 'No file was submitted.'],
      ['a JSON body', () => ada.api.put(MY_PICTURE, {}), 'No file was submitted.'],
      ['a text value', () => ada.api.put(MY_PICTURE, { picture: 'https://example.com/me.png' }), 'The submitted data was not a file. Check the encoding type on the form.'],
    ])('answers %s with 400 on picture', async (_case, send, message) => {
      const response = await send();
      expect([response.status, response.body]).toEqual([400, { picture: [message] }]);
      expect(await pictureUrlOf(ada)).toBeNull();
    });

    it('is gone after DELETE (204): the URL is null, the old URL 404 and the file removed; DELETE again is 204', async () => {
      const put = await putPicture(ada.api, MY_PICTURE, PICTURE_FILES.png);
      const before = storedFiles();
      const removed = await ada.api.delete(MY_PICTURE);
      expect(removed.status).toBe(204);
      expect(await pictureUrlOf(ada)).toBeNull();
      expect(storedFiles()).toHaveLength(before.length - 1);
      const old = await ada.api.get(put.body.profile_picture_url.replace(app.client.baseUrl, ''));
      expect([old.status, old.body]).toEqual([404, { detail: 'Not found.' }]);
      expect((await ada.api.delete(MY_PICTURE)).status).toBe(204);
    });

    it("goes to a co-member of any of the person's organisations; anyone else gets 404", async () => {
      const put = await putPicture(ada.api, MY_PICTURE, PICTURE_FILES.jpeg);
      const url = put.body.profile_picture_url as string;
      for (const coMember of [owner, member]) {
        const got = await get(coMember, url);
        expect([got.status, got.type, got.bytes.equals(PICTURE_FILES.jpeg.bytes)]).toEqual([200, 'image/jpeg', true]);
      }
      const refused = await stranger.api.get(url.replace(app.client.baseUrl, ''));
      expect([refused.status, refused.body]).toEqual([404, { detail: 'Not found.' }]);
      expect((await app.client.get(url.replace(app.client.baseUrl, ''))).status).toBe(401);
      expect((await owner.api.get('/api/v1.0/people/no-such-person/picture/')).status).toBe(404);
    });

    it('answers 404 to a co-member when the person has no picture', async () => {
      expect((await owner.api.get(`/api/v1.0/people/${ada.personUniqueId}/picture/`)).status).toBe(404);
    });
  });

  describe("an organisation's logo", () => {
    let org: string;
    let boss: TestUser;

    beforeEach(async () => {
      const founder = await signUp(app.client);
      org = founder.organisationUniqueId;
      boss = founder;
      await addMember(app, org, member);
    });

    it.each(Object.entries(PICTURE_FILES))('takes a %s from the owner, shown to members as logo_url, downloaded byte for byte', async (_kind, file) => {
      const put = await putPicture(boss.api, logoPath(org), file);
      expect(put.status).toBe(200);
      const url = put.body.logo_url as string;
      expect(url).toMatch(new RegExp(`^${app.client.baseUrl}/api/v1\\.0/organisation/${org}/logo/\\?v=[A-Za-z0-9_-]{6,}$`));
      expect(put.body.unique_id).toBe(org);
      expect(put.body).toHaveProperty('banking_information'); // the owner view

      const basic = await member.api.get(`/api/v1.0/organisation/${org}/`);
      expect(basic.body.logo_url).toBe(url);
      const listed = await boss.api.get('/api/v1.0/organisations/');
      expect(listed.body.find((o: { unique_id: string }) => o.unique_id === org).logo_url).toBe(url);

      for (const reader of [member, boss]) {
        const got = await get(reader, url);
        expect(got).toMatchObject({ status: 200, type: file.type });
        expect(got.cacheControl).toMatch(/^private\b/);
        expect(got.bytes.equals(file.bytes)).toBe(true);
      }
    });

    it('takes a logo whose part names a file but has no Content-Type (Python requests)', async () => {
      const put = await boss.api.put(logoPath(org), undefined, untypedFilePart({ field: 'picture', name: 'logo.webp', bytes: PICTURE_FILES.webp.bytes }));
      expect(put.status).toBe(200);
      const got = await get(member, put.body.logo_url);
      expect(got).toMatchObject({ status: 200, type: 'image/webp' });
      expect(got.bytes.equals(PICTURE_FILES.webp.bytes)).toBe(true);
    });

    it('replaces the logo under a new URL and removes the old file', async () => {
      const first = await putPicture(boss.api, logoPath(org), PICTURE_FILES.png);
      const before = storedFiles();
      const second = await putPicture(boss.api, logoPath(org), PICTURE_FILES.jpeg);
      expect(second.body.logo_url).not.toBe(first.body.logo_url);
      expect(storedFiles()).toHaveLength(before.length);
      expect((await get(member, second.body.logo_url)).bytes.equals(PICTURE_FILES.jpeg.bytes)).toBe(true);
    });

    it('is refused to a member (403) and unknown to another organisation (404), on upload, removal and download, and stays', async () => {
      const put = await putPicture(boss.api, logoPath(org), PICTURE_FILES.webp);
      const before = storedFiles();
      const byMember = await putPicture(member.api, logoPath(org), PICTURE_FILES.png);
      expect([byMember.status, byMember.body]).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);
      expect((await member.api.delete(logoPath(org))).status).toBe(403);
      const byStranger = await putPicture(stranger.api, logoPath(org), PICTURE_FILES.png);
      expect([byStranger.status, byStranger.body]).toEqual([404, { detail: 'Not found.' }]);
      expect((await stranger.api.delete(logoPath(org))).status).toBe(404);
      expect((await stranger.api.get(logoPath(org))).status).toBe(404);
      expect((await app.client.get(logoPath(org))).status).toBe(401);
      expect((await putPicture(app.client, logoPath(org), PICTURE_FILES.png)).status).toBe(401);

      expect(storedFiles()).toEqual(before);
      expect((await boss.api.get(`/api/v1.0/organisation/${org}/`)).body.logo_url).toBe(put.body.logo_url);
      expect((await get(member, put.body.logo_url)).bytes.equals(PICTURE_FILES.webp.bytes)).toBe(true);
    });

    it('refuses an SVG (400) and a logo over 5 MiB (413), keeping the logo it has', async () => {
      const kept = await putPicture(boss.api, logoPath(org), PICTURE_FILES.png);
      const before = storedFiles();
      const svg = await putPicture(boss.api, logoPath(org), NOT_PICTURES.svg);
      expect([svg.status, svg.body]).toEqual([400, { picture: [INVALID_IMAGE] }]);
      const large = await putPicture(boss.api, logoPath(org), { bytes: Buffer.concat([PICTURE_FILES.png.bytes, Buffer.alloc(FIVE_MIB)]), type: 'image/png' });
      expect([large.status, large.body]).toEqual([413, { detail: 'Request body is larger than the limit of 5 MiB.' }]);
      expect(storedFiles()).toEqual(before);
      expect((await member.api.get(`/api/v1.0/organisation/${org}/`)).body.logo_url).toBe(kept.body.logo_url);
      expect((await get(member, kept.body.logo_url)).bytes.equals(PICTURE_FILES.png.bytes)).toBe(true);
    });

    it('is gone after DELETE (204): logo_url null, the old URL 404, the file removed; DELETE again is 204', async () => {
      const put = await putPicture(boss.api, logoPath(org), PICTURE_FILES.png);
      const before = storedFiles();
      expect((await boss.api.delete(logoPath(org))).status).toBe(204);
      expect((await member.api.get(`/api/v1.0/organisation/${org}/`)).body.logo_url).toBeNull();
      expect(storedFiles()).toHaveLength(before.length - 1);
      const old = await member.api.get(put.body.logo_url.replace(app.client.baseUrl, ''));
      expect([old.status, old.body]).toEqual([404, { detail: 'Not found.' }]);
      expect((await boss.api.delete(logoPath(org))).status).toBe(204);
    });
  });

  describe.each([
    ['profile picture', MY_PICTURE, 'profile_picture_url'],
    ['organisation logo', null, 'logo_url'],
  ])('what a %s keeps of the image', (_kind, picturePath, urlField) => {
    let uploader: TestUser;
    let target: string;

    beforeEach(async () => {
      uploader = await signUp(app.client);
      await addMember(app, uploader.organisationUniqueId, member);
      target = picturePath ?? logoPath(uploader.organisationUniqueId);
    });

    it.each([
      ['a PNG', pngDeclaring(60_000, 60_000)],
      ['a JPEG', jpegDeclaring(60_000, 60_000)],
    ])('refuses %s of a few bytes declaring 60 000 × 60 000 pixels (400, before decoding it), keeping the image it has', async (_type, bomb) => {
      const kept = await putPicture(uploader.api, target, PICTURE_FILES.png);
      const before = storedFiles();
      const refused = await putPicture(uploader.api, target, { bytes: bomb, type: 'image/png' });
      expect([refused.status, refused.body]).toEqual([400, { picture: ['Image size (60000 × 60000 pixels) exceeds the limit of 16384 pixels a side.'] }]);
      expect(storedFiles()).toEqual(before);
      expect((await get(member, kept.body[urlField])).bytes.equals(PICTURE_FILES.png.bytes)).toBe(true);
    });

    it('refuses an image of 7100 × 7100 pixels (over 50 million in all)', async () => {
      const refused = await putPicture(uploader.api, target, { bytes: pngDeclaring(7100, 7100), type: 'image/png' });
      expect([refused.status, refused.body]).toEqual([400, { picture: ['Image size (50410000 pixels) exceeds the limit of 50000000 pixels.'] }]);
    });

    it('refuses a file that begins like a PNG but is no image', async () => {
      const broken = Buffer.concat([PICTURE_FILES.png.bytes.subarray(0, 40), Buffer.from('not the rest of a PNG')]);
      const refused = await putPicture(uploader.api, target, { bytes: broken, type: 'image/png' });
      expect([refused.status, refused.body]).toEqual([400, { picture: [INVALID_IMAGE] }]);
    });

    it("serves a phone photo without its EXIF (GPS position, make) or XMP, turned upright by its orientation", async () => {
      const photo = photoWithPosition();
      expect(await imageIn(photo)).toMatchObject({ width: 6, height: 8, metadata: expect.arrayContaining(['exif', 'xmp', 'GPS latitude']) });
      const put = await putPicture(uploader.api, target, { bytes: photo, type: 'image/jpeg' });
      expect(put.status).toBe(200);
      const got = await get(member, put.body[urlField]);
      expect(got).toMatchObject({ status: 200, type: 'image/jpeg' });
      expect(await imageIn(got.bytes)).toEqual({ format: 'jpeg', width: 6, height: 8, metadata: [] });
    });
  });
});
