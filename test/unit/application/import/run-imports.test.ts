import { GetImport } from '../../../../application/import/get-import.use-case';
import { IMPORT_LEASE_MS, IMPORT_MAX_CLAIMS, RunImports } from '../../../../application/import/run-imports.use-case';
import { QueueImport } from '../../../../application/import/queue-import.use-case';
import { IMPORT_TOKENS, ImportLog, KeptImport } from '../../../../application/import/import.ports';
import { ORGANISATION_TOKENS, MembershipRepository, OrganisationRepository } from '../../../../application/organisation/organisation.ports';
import { Actor } from '../../../../application/shared/actor';
import { FileStorageUnavailable } from '../../../../application/shared/errors';
import { FILE_STORAGE_TOKENS, FileStorage } from '../../../../application/shared/file-storage';
import { InMemoryFile } from '../../../../application/shared/incoming-file';
import { InMemoryApp, inMemoryApp } from '../../../support/in-memory-container';
import { vendorsFile } from '../../../support/imports';

/**
 * A background import that cannot go on for a reason other than its rows:
 * taken up again after each interruption, but not for ever.
 */
describe('background imports that cannot run', () => {
  let app: InMemoryApp;
  let owner: Actor;
  let org: string;
  let worker: RunImports;

  beforeEach(async () => {
    app = await inMemoryApp();
    owner = await app.aPerson('Olu');
    org = await app.anOrganisation(owner);
    worker = app.container.get(RunImports);
  });

  const queue = (actor: Actor, rows = 3) =>
    app.container.get(QueueImport).execute(actor, org, {
      resource: 'vendors',
      mode: 'valid_rows',
      dryRun: false,
      contactGroup: null,
      rows,
      unknownColumns: [],
      file: new InMemoryFile(Buffer.from(vendorsFile('stuck', rows))),
    });
  const get = (kept: KeptImport) => app.container.get(GetImport).execute(owner, org, kept.uniqueId);
  /** One worker's round: whether it claimed an import, and how the run ended. */
  const round = async (): Promise<{ claimed: number; outcome: PromiseSettledResult<void> | null }> => {
    const { claimed, settled } = await worker.execute(1);
    const [outcome] = claimed === 0 ? [null] : await Promise.allSettled([settled]);
    return { claimed, outcome };
  };

  it(`is taken up again after each failure, and ends failed on its claim after the ${IMPORT_MAX_CLAIMS}th, writing nothing more`, async () => {
    const storage = app.container.get<FileStorage>(FILE_STORAGE_TOKENS.Imports);
    const read = jest.spyOn(storage, 'read').mockRejectedValue(new FileStorageUnavailable());
    const kept = await queue(owner);

    for (let claim = 1; claim <= IMPORT_MAX_CLAIMS; claim += 1) {
      const { claimed, outcome } = await round();
      expect(claimed).toBe(1);
      expect(outcome?.status).toBe('rejected'); // the worker logs it; the lease lapses
      expect(await get(kept)).toMatchObject({ status: 'running', rowsDone: 0 });
      // Within the lease nobody takes it up; after it, the next round does.
      expect((await round()).claimed).toBe(0);
      app.clock.advance(IMPORT_LEASE_MS);
    }
    expect(read).toHaveBeenCalledTimes(IMPORT_MAX_CLAIMS);

    const last = await round();
    expect(last).toMatchObject({ claimed: 1, outcome: { status: 'fulfilled' } });
    expect(read).toHaveBeenCalledTimes(IMPORT_MAX_CLAIMS); // not read again
    const ended = await get(kept);
    expect(ended).toMatchObject({ status: 'failed', rows: 3, rowsDone: 0, created: 0, dateFinished: app.clock.now() });
    expect(ended.errors).toEqual([{ row: 2, errors: { non_field_errors: [expect.stringMatching(new RegExp(`^The import was interrupted ${IMPORT_MAX_CLAIMS} times .*: the rows before it were written`))] } }]);
    app.clock.advance(IMPORT_LEASE_MS);
    expect((await round()).claimed).toBe(0);
  });

  it('ends failed at once when the person who ran it may no longer write there', async () => {
    const importer = await app.aPerson('Ida');
    await app.join(org, importer);
    const kept = await queue(importer);
    const organisation = await app.container.get<OrganisationRepository>(ORGANISATION_TOKENS.OrganisationRepository).findByUniqueId(org);
    await app.container.get<MembershipRepository>(ORGANISATION_TOKENS.MembershipRepository).remove(organisation!.id, importer.personId);

    expect(await round()).toMatchObject({ claimed: 1, outcome: { status: 'fulfilled' } });
    const ended = await get(kept);
    expect(ended).toMatchObject({ status: 'failed', created: 0 });
    expect(ended.errors).toEqual([{ row: 2, errors: { non_field_errors: ['Not found.'] } }]);
  });

  it('does not count a claim let go at a shutdown among those interrupted', async () => {
    const log = app.container.get<ImportLog>(IMPORT_TOKENS.ImportLog);
    const kept = await queue(owner);
    for (let n = 0; n < IMPORT_MAX_CLAIMS + 3; n += 1) {
      const claimed = await log.claim(app.clock.now(), new Date(app.clock.now().getTime() + IMPORT_LEASE_MS), `claim-${n}`);
      expect(claimed?.claims).toBe(1);
      await log.release(claimed!.id, `claim-${n}`, app.clock.now());
    }
    // Run now, it is imported as if never interrupted.
    expect(await round()).toMatchObject({ claimed: 1, outcome: { status: 'fulfilled' } });
    expect(await get(kept)).toMatchObject({ status: 'done', created: 3, errors: [] });
  });
});
