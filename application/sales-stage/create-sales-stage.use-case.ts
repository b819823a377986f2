import { inject, injectable } from 'inversify';
import { SalesStage, SalesStageChanges, SalesStageSnapshot } from '../../domain/sales-stage/sales-stage';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, IdGenerator, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { newUniqueId } from '../shared/records';
import { SALES_STAGE_TOKENS, SalesStageRepository } from './sales-stage.ports';

export type NewSalesStageCommand = SalesStageChanges & { name: string };

/** A member adds a stage; without a position it goes to the end of the pipeline. */
@injectable()
export class CreateSalesStage {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(SALES_STAGE_TOKENS.SalesStageRepository) private readonly stages: SalesStageRepository,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  execute(actor: Actor, organisationUniqueId: string, command: NewSalesStageCommand): Promise<SalesStageSnapshot> {
    return this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'sales_stages.create');
      const existing = (uid: string) => this.stages.findByUniqueId(organisation.id, uid);
      const stage = SalesStage.create({
        ...command,
        id: this.ids.next(),
        uniqueId: await newUniqueId(command.uniqueId, this.ids, existing, 'sales stage'),
        organisationId: organisation.id,
        position: command.position ?? (await this.stages.nextPosition(organisation.id)),
        now: this.clock.now(),
      });
      await this.stages.save(stage);
      return stage.snapshot();
    });
  }
}
