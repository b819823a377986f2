import { inject, injectable } from 'inversify';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Page, PageRequest } from '../shared/page';
import { IMPORT_TOKENS, ImportLog, KeptImport } from './import.ports';

/** The organisation's imports, newest first: an owner sees every one, a member their own (as `GetImport` reads them). */
@injectable()
export class ListImports {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(IMPORT_TOKENS.ImportLog) private readonly log: ImportLog,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, request: PageRequest): Promise<Page<KeptImport>> {
    const { organisation, membership } = await this.access.authoriseRole(actor, organisationUniqueId, 'member');
    return this.log.list(organisation.id, membership.role === 'owner' ? undefined : actor.personId, request);
  }
}
