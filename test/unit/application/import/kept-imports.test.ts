import { GetImport } from '../../../../application/import/get-import.use-case';
import { ImportToKeep, KeepImport } from '../../../../application/import/keep-import.use-case';
import { Actor } from '../../../../application/shared/actor';
import { NotFound } from '../../../../domain/shared/errors';
import { InMemoryApp, inMemoryApp } from '../../../support/in-memory-container';

const ran: ImportToKeep = {
  resource: 'clients',
  mode: 'valid_rows',
  dryRun: false,
  status: 'done',
  rows: 3,
  created: 1,
  updated: 0,
  unchanged: 1,
  invalid: 1,
  unknownColumns: ['colour'],
  errors: [{ row: 3, errors: { website: ['Enter a valid URL.'] } }],
};

describe('kept imports', () => {
  let app: InMemoryApp;
  let owner: Actor;
  let importer: Actor;
  let otherMember: Actor;
  let stranger: Actor;
  let org: string;

  beforeEach(async () => {
    app = await inMemoryApp();
    [owner, importer, otherMember, stranger] = [await app.aPerson('Olu'), await app.aPerson('Ida'), await app.aPerson('Mo'), await app.aPerson('Sam')];
    org = await app.anOrganisation(owner);
    await app.anOrganisation(stranger);
    await app.join(org, importer);
    await app.join(org, otherMember);
  });

  const keep = (actor: Actor) => app.container.get(KeepImport).execute(actor, org, ran);
  const get = (actor: Actor, uniqueId: string) => app.container.get(GetImport).execute(actor, org, uniqueId);

  it('keeps an import with who ran it and when, for that member and the owners', async () => {
    const kept = await keep(importer);

    expect(kept).toMatchObject({ ...ran, createdById: importer.personId, dateCreated: app.clock.now() });
    expect(await get(importer, kept.uniqueId)).toEqual(kept);
    expect(await get(owner, kept.uniqueId)).toEqual(kept);
  });

  it('answers 404 to another member, to a non-member and for an import that does not exist', async () => {
    const kept = await keep(importer);

    await expect(get(otherMember, kept.uniqueId)).rejects.toBeInstanceOf(NotFound);
    await expect(get(stranger, kept.uniqueId)).rejects.toBeInstanceOf(NotFound);
    await expect(get(owner, 'no-such-import')).rejects.toBeInstanceOf(NotFound);
    await expect(keep(stranger)).rejects.toBeInstanceOf(NotFound);
  });
});
