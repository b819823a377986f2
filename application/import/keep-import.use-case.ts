import { inject, injectable } from 'inversify';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, IdGenerator, SHARED_TOKENS } from '../shared/ports';
import { IMPORT_TOKENS, ImportLog, KeptImport } from './import.ports';

export type ImportToKeep = Omit<KeptImport, 'id' | 'uniqueId' | 'organisationId' | 'createdById' | 'dateCreated'>;

/** Keeps an import that ran (its rows were written, or not, by `ImportRecords`), so that it can be read again. */
@injectable()
export class KeepImport {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(IMPORT_TOKENS.ImportLog) private readonly log: ImportLog,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, ran: ImportToKeep): Promise<KeptImport> {
    const { organisation } = await this.access.authoriseRole(actor, organisationUniqueId, 'member');
    const kept: KeptImport = { ...ran, id: this.ids.next(), uniqueId: this.ids.next(), organisationId: organisation.id, createdById: actor.personId, dateCreated: this.clock.now() };
    await this.log.add(kept);
    return kept;
  }
}
