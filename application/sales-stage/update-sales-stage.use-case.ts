import { inject, injectable } from 'inversify';
import { SalesStageChanges, SalesStageSnapshot } from '../../domain/sales-stage/sales-stage';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { found } from '../shared/records';
import { SALES_STAGE_TOKENS, SalesStageRepository } from './sales-stage.ports';

/** PUT and PATCH alike (the HTTP adapter checks PUT's required fields). */
@injectable()
export class UpdateSalesStage {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(SALES_STAGE_TOKENS.SalesStageRepository) private readonly stages: SalesStageRepository,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  execute(
    actor: Actor,
    organisationUniqueId: string,
    stageUniqueId: string,
    changes: SalesStageChanges,
  ): Promise<SalesStageSnapshot> {
    return this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'sales_stages.update');
      const stage = found(await this.stages.findByUniqueId(organisation.id, stageUniqueId, { forUpdate: true }));
      stage.update(changes, this.clock.now());
      await this.stages.save(stage);
      return stage.snapshot();
    });
  }
}
