import { InMemoryFileStorage } from '../../../../adapters/file-storage/in-memory-file-storage';
import { ChangeOrganisationLogo } from '../../../../application/organisation/change-organisation-logo.use-case';
import { GetOrganisation } from '../../../../application/organisation/get-organisation.use-case';
import { GetOrganisationLogo } from '../../../../application/organisation/get-organisation-logo.use-case';
import { RemoveOrganisationLogo } from '../../../../application/organisation/remove-organisation-logo.use-case';
import { UpdateOrganisation } from '../../../../application/organisation/update-organisation.use-case';
import { FILE_STORAGE_TOKENS } from '../../../../application/shared/file-storage';
import { InMemoryFile } from '../../../../application/shared/incoming-file';
import { NotFound, PermissionDenied, ValidationFailed } from '../../../../domain/shared/errors';
import { INVALID_PICTURE } from '../../../../domain/shared/picture';
import { anOrganisationWithAMember, InMemoryUseCases, OrganisationWithAMember, useCases } from '../../../support/in-memory';
import { NOT_PICTURES, PICTURE_FILES } from '../../../support/pictures';

describe('organisation logos', () => {
  let app: InMemoryUseCases;
  let world: OrganisationWithAMember;
  let storage: InMemoryFileStorage;
  const change = (personId: string, bytes: Buffer, orgUid = world.orgUid) =>
    app.get(ChangeOrganisationLogo).execute({ personId }, orgUid, new InMemoryFile(bytes));
  const logoOf = async () => (await app.get(GetOrganisation).execute(world.owner.actor, world.orgUid)).organisation.logo;

  beforeEach(async () => {
    app = await useCases();
    world = await anOrganisationWithAMember(app);
    storage = app.get<InMemoryFileStorage>(FILE_STORAGE_TOKENS.Pictures);
    app.clock.advance({ hours: 1 });
  });

  it('takes a logo from the owner, stored under the organisation, and answers the organisation with it', async () => {
    const view = await change(world.owner.actor.personId, PICTURE_FILES.png.bytes);
    const organisationId = world.owner.organisation.organisation.id;
    expect(view.organisation.logo).toMatchObject({ contentType: 'image/png', key: expect.stringMatching(new RegExp(`^${organisationId}/.+\\.png$`)) });
    expect(view.organisation.lastUpdated).toEqual(app.clock.now());
    expect(await logoOf()).toEqual(view.organisation.logo);
    expect(storage.keys()).toEqual([view.organisation.logo?.key]);
  });

  it('removes the replaced file once the new one is saved, and keeps the logo through a settings update', async () => {
    await change(world.owner.actor.personId, PICTURE_FILES.png.bytes);
    const second = await change(world.owner.actor.personId, PICTURE_FILES.webp.bytes);
    expect(storage.keys()).toEqual([second.organisation.logo?.key]);
    await app.get(UpdateOrganisation).execute(world.owner.actor, world.orgUid, { name: 'Renamed' });
    expect(await logoOf()).toEqual(second.organisation.logo);
  });

  it('is refused to a member (403) and to anyone else (404) before anything is stored', async () => {
    await expect(change(world.member.personId, PICTURE_FILES.png.bytes)).rejects.toBeInstanceOf(PermissionDenied);
    await expect(change(world.outsider.actor.personId, PICTURE_FILES.png.bytes)).rejects.toBeInstanceOf(NotFound);
    await expect(change(world.owner.actor.personId, PICTURE_FILES.png.bytes, 'no-such-organisation')).rejects.toBeInstanceOf(NotFound);
    await expect(app.get(RemoveOrganisationLogo).execute(world.member, world.orgUid)).rejects.toBeInstanceOf(PermissionDenied);
    await expect(app.get(RemoveOrganisationLogo).execute(world.outsider.actor, world.orgUid)).rejects.toBeInstanceOf(NotFound);
    expect(storage.keys()).toEqual([]);
    expect(await logoOf()).toBeNull();
  });

  it('refuses an SVG on `picture`, storing nothing', async () => {
    await expect(change(world.owner.actor.personId, NOT_PICTURES.svg.bytes)).rejects.toMatchObject({ errors: { picture: [INVALID_PICTURE] } });
    await expect(change(world.owner.actor.personId, NOT_PICTURES.svg.bytes)).rejects.toBeInstanceOf(ValidationFailed);
    expect(storage.keys()).toEqual([]);
  });

  it('removes the logo and its file; removing none is no error', async () => {
    await change(world.owner.actor.personId, PICTURE_FILES.png.bytes);
    await app.get(RemoveOrganisationLogo).execute(world.owner.actor, world.orgUid);
    expect(await logoOf()).toBeNull();
    expect(storage.keys()).toEqual([]);
    await expect(app.get(RemoveOrganisationLogo).execute(world.owner.actor, world.orgUid)).resolves.toBeUndefined();
  });

  it('gives the logo to members; anyone else, or without a logo, gets NotFound', async () => {
    const get = (personId: string) => app.get(GetOrganisationLogo).execute({ personId }, world.orgUid);
    await expect(get(world.member.personId)).rejects.toBeInstanceOf(NotFound);
    await change(world.owner.actor.personId, PICTURE_FILES.jpeg.bytes);
    for (const reader of [world.member.personId, world.owner.actor.personId]) {
      await expect(get(reader)).resolves.toMatchObject({ contentType: 'image/jpeg', size: PICTURE_FILES.jpeg.bytes.length });
    }
    await expect(get(world.outsider.actor.personId)).rejects.toBeInstanceOf(NotFound);
  });
});
