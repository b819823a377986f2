import { inject, injectable } from 'inversify';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { FILE_REMOVAL_TOKENS, FileRemovalQueue, UPLOAD_GRACE_MS } from '../shared/file-removals';
import { FILE_STORAGE_TOKENS, FileStorage } from '../shared/file-storage';
import { IncomingFile } from '../shared/incoming-file';
import { Clock, IdGenerator, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { ImportMode, NO_COUNTS } from './import-records';
import { IMPORT_TOKENS, ImportLog, KeptImport } from './import.ports';

/** A file too large to import within its request, checked already (its rows counted, its header read). */
export interface ImportToQueue {
  resource: string;
  mode: ImportMode;
  dryRun: boolean;
  contactGroup: string | null;
  rows: number;
  unknownColumns: string[];
  file: IncomingFile;
}

/**
 * Queues a background import: its file is stored (the `imports` storage) and
 * the import written `queued`, for a worker to claim (`RunImports`). The file
 * is recorded for removal before it is stored and the import's write takes
 * that back, as every upload (`StoredFiles`): a failure between the two leaves
 * nothing behind once the removals are swept.
 */
@injectable()
export class QueueImport {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(IMPORT_TOKENS.ImportLog) private readonly log: ImportLog,
    @inject(FILE_STORAGE_TOKENS.Imports) private readonly files: FileStorage,
    @inject(FILE_REMOVAL_TOKENS.FileRemovalQueue) private readonly removals: FileRemovalQueue,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, request: ImportToQueue): Promise<KeptImport> {
    const { organisation } = await this.access.authoriseRole(actor, organisationUniqueId, 'member');
    const graceEnds = new Date(this.clock.now().getTime() + UPLOAD_GRACE_MS);
    const fileKey = await this.files.put(organisation.id, request.file, 'text/csv', (key) => this.removals.add('imports', key, graceEnds));
    const { file, contactGroup, ...asked } = request;
    const kept: KeptImport = {
      ...asked,
      ...NO_COUNTS,
      status: 'queued',
      errors: [],
      id: this.ids.next(),
      uniqueId: this.ids.next(),
      organisationId: organisation.id,
      createdById: actor.personId,
      dateCreated: this.clock.now(),
      dateFinished: null,
    };
    const { personId, apiKey } = actor;
    await this.unitOfWork.transaction(async () => {
      await this.removals.cancel('imports', fileKey);
      await this.log.queue(kept, { actor: { personId, ...(apiKey && { apiKey }) }, organisationUniqueId: organisation.uniqueId, contactGroup, fileKey, fileSize: file.size });
    });
    return kept;
  }
}
