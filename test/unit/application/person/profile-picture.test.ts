import { InMemoryFileStorage } from '../../../../adapters/file-storage/in-memory-file-storage';
import { ChangeProfilePicture } from '../../../../application/person/change-profile-picture.use-case';
import { GetPersonPicture } from '../../../../application/person/get-person-picture.use-case';
import { GetProfile } from '../../../../application/person/get-profile.use-case';
import { RemoveProfilePicture } from '../../../../application/person/remove-profile-picture.use-case';
import { FILE_STORAGE_TOKENS } from '../../../../application/shared/file-storage';
import { InMemoryFile } from '../../../../application/shared/incoming-file';
import { NotFound, ValidationFailed } from '../../../../domain/shared/errors';
import { INVALID_PICTURE, PICTURE_MAX_BYTES } from '../../../../domain/shared/picture';
import { anOrganisationWithAMember, InMemoryUseCases, OrganisationWithAMember, useCases } from '../../../support/in-memory';
import { pngDeclaring } from '../../../support/images';
import { PICTURE_FILES, NOT_PICTURES } from '../../../support/pictures';

const contentOf = async (content: AsyncIterable<Uint8Array>) => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return Buffer.concat(chunks);
};

describe('profile pictures', () => {
  let app: InMemoryUseCases;
  let world: OrganisationWithAMember;
  let storage: InMemoryFileStorage;
  const change = (personId: string, bytes: Buffer) => app.get(ChangeProfilePicture).execute({ personId }, new InMemoryFile(bytes));

  beforeEach(async () => {
    app = await useCases();
    world = await anOrganisationWithAMember(app);
    storage = app.get<InMemoryFileStorage>(FILE_STORAGE_TOKENS.Pictures);
    app.clock.advance({ hours: 1 });
  });

  it('stores the picture under the person, by its detected type, and answers the profile with it', async () => {
    const view = await change(world.member.personId, PICTURE_FILES.webp.bytes);
    expect(view.person.picture).toMatchObject({ contentType: 'image/webp', size: PICTURE_FILES.webp.bytes.length });
    expect(view.person.picture?.key).toMatch(new RegExp(`^${world.member.personId}/.+\\.webp$`));
    expect(view.person.lastUpdated).toEqual(app.clock.now());
    expect(storage.keys()).toEqual([view.person.picture?.key]);
    expect((await app.get(GetProfile).execute(world.member)).person.picture).toEqual(view.person.picture);
  });

  it('removes the replaced file once the new one is saved', async () => {
    const first = await change(world.member.personId, PICTURE_FILES.png.bytes);
    const second = await change(world.member.personId, PICTURE_FILES.jpeg.bytes);
    expect(storage.keys()).toEqual([second.person.picture?.key]);
    expect(second.person.picture?.key).not.toBe(first.person.picture?.key);
  });

  it.each([
    ['an SVG', NOT_PICTURES.svg.bytes, INVALID_PICTURE],
    ['a GIF', NOT_PICTURES.gif.bytes, INVALID_PICTURE],
    ['a PDF', NOT_PICTURES.pdf.bytes, INVALID_PICTURE],
    ['an empty file', Buffer.alloc(0), 'The submitted file is empty.'],
    ['a file over 5 MiB', Buffer.concat([PICTURE_FILES.png.bytes, Buffer.alloc(PICTURE_MAX_BYTES)]), 'The submitted file is too large.'],
    ['a PNG declaring 60 000 × 60 000 pixels', pngDeclaring(60_000, 60_000), 'Image size (60000 × 60000 pixels) exceeds the limit of 16384 pixels a side.'],
    ['a PNG that does not decode', PICTURE_FILES.png.bytes.subarray(0, 60), INVALID_PICTURE],
  ])('refuses %s on `picture`, storing nothing and keeping the picture there is', async (_case, bytes, message) => {
    const kept = await change(world.member.personId, PICTURE_FILES.png.bytes);
    const refused = change(world.member.personId, bytes);
    await expect(refused).rejects.toBeInstanceOf(ValidationFailed);
    await expect(refused).rejects.toMatchObject({ errors: { picture: [message] } });
    expect(storage.keys()).toEqual([kept.person.picture?.key]);
    expect((await app.get(GetProfile).execute(world.member)).person.picture).toEqual(kept.person.picture);
  });

  it('keeps no file when the write fails after the upload was stored', async () => {
    await expect(change('nobody', PICTURE_FILES.png.bytes)).rejects.toBeInstanceOf(NotFound);
    expect(storage.keys()).toEqual([]);
  });

  it('removes the picture and its file; removing none is no error and changes nothing', async () => {
    await change(world.member.personId, PICTURE_FILES.png.bytes);
    await app.get(RemoveProfilePicture).execute(world.member);
    const profile = await app.get(GetProfile).execute(world.member);
    expect(profile.person.picture).toBeNull();
    expect(storage.keys()).toEqual([]);

    const stamped = profile.person.lastUpdated;
    app.clock.advance({ hours: 1 });
    await expect(app.get(RemoveProfilePicture).execute(world.member)).resolves.toBeUndefined();
    expect((await app.get(GetProfile).execute(world.member)).person.lastUpdated).toEqual(stamped);
  });

  describe('reading a picture', () => {
    const get = (personId: string, uniqueId: string) => app.get(GetPersonPicture).execute({ personId }, uniqueId);
    let graceUid: string;

    beforeEach(async () => {
      graceUid = (await change(world.member.personId, PICTURE_FILES.jpeg.bytes)).person.uniqueId;
    });

    it('goes to the person and to whoever shares an organisation with them', async () => {
      for (const reader of [world.member.personId, world.owner.actor.personId]) {
        const picture = await get(reader, graceUid);
        expect(picture).toMatchObject({ contentType: 'image/jpeg', size: PICTURE_FILES.jpeg.bytes.length });
        expect((await contentOf(picture.content)).equals(PICTURE_FILES.jpeg.bytes)).toBe(true);
      }
    });

    it('is not found by anyone else, for a person who does not exist, or without a picture', async () => {
      await expect(get(world.outsider.actor.personId, graceUid)).rejects.toBeInstanceOf(NotFound);
      await expect(get(world.owner.actor.personId, 'no-such-person')).rejects.toBeInstanceOf(NotFound);
      await expect(get(world.member.personId, world.owner.profile.person.uniqueId)).rejects.toBeInstanceOf(NotFound);
    });

    it('is not found once the file is gone from storage', async () => {
      for (const key of storage.keys()) await storage.remove(key);
      await expect(get(world.member.personId, graceUid)).rejects.toBeInstanceOf(NotFound);
    });
  });
});
