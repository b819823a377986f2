import { inject, injectable } from 'inversify';
import { InUse } from '../../domain/shared/errors';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { found } from '../shared/records';
import {
  SALES_STAGE_IN_USE,
  SALES_STAGE_TOKENS,
  SalesStageReferences,
  SalesStageRepository,
} from './sales-stage.ports';

/** A stage that leads are in stays (409 `in_use`); the storage enforces it too, against races. */
@injectable()
export class DeleteSalesStage {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(SALES_STAGE_TOKENS.SalesStageRepository) private readonly stages: SalesStageRepository,
    @inject(SALES_STAGE_TOKENS.SalesStageReferences) private readonly references: SalesStageReferences,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  execute(actor: Actor, organisationUniqueId: string, stageUniqueId: string): Promise<void> {
    return this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'sales_stages.delete');
      const stage = found(await this.stages.findByUniqueId(organisation.id, stageUniqueId));
      if (await this.references.isSalesStageReferenced(organisation.id, stage.id)) throw new InUse(SALES_STAGE_IN_USE);
      await this.stages.delete(stage);
    });
  }
}
