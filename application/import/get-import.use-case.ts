import { inject, injectable } from 'inversify';
import { NotFound } from '../../domain/shared/errors';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Page, PageRequest } from '../shared/page';
import { RowError } from './import-records';
import { IMPORT_TOKENS, ImportLog, KeptImport } from './import.ports';

/** An import of the organisation, for the member who ran it and for owners; 404 for anyone else. */
@injectable()
export class GetImport {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(IMPORT_TOKENS.ImportLog) private readonly log: ImportLog,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, uniqueId: string): Promise<KeptImport> {
    const { organisation, membership } = await this.access.authoriseRole(actor, organisationUniqueId, 'member');
    const kept = await this.log.find(organisation.id, uniqueId);
    // Another member's import is as absent as one that does not exist: its file may hold what they alone saw.
    if (!kept || (membership.role !== 'owner' && kept.createdById !== actor.personId)) throw new NotFound();
    return kept;
  }

  /** A page of the import's bad rows, in the file's order, for the same readers. */
  async errors(actor: Actor, organisationUniqueId: string, uniqueId: string, request: PageRequest): Promise<Page<RowError>> {
    const kept = await this.execute(actor, organisationUniqueId, uniqueId);
    return this.log.errors(kept.id, request);
  }
}
