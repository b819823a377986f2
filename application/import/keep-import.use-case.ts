import { inject, injectable } from 'inversify';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, IdGenerator, SHARED_TOKENS } from '../shared/ports';
import { ImportResult } from './import-records';
import { ERRORS_IN_BODY, IMPORT_TOKENS, ImportLog, KeptImport } from './import.ports';

/** An import that ran within its request, as `ImportRecords` answered it, with what was asked. */
export type ImportToKeep = ImportResult & Pick<KeptImport, 'resource' | 'mode' | 'dryRun' | 'unknownColumns'>;

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
    const now = this.clock.now();
    const { errors, ...result } = ran;
    const kept: KeptImport = {
      ...result,
      rowsDone: ran.rows,
      errors: errors.slice(0, ERRORS_IN_BODY),
      id: this.ids.next(),
      uniqueId: this.ids.next(),
      organisationId: organisation.id,
      createdById: actor.personId,
      dateCreated: now,
      dateFinished: now,
    };
    await this.log.add(kept, errors);
    return kept;
  }
}
