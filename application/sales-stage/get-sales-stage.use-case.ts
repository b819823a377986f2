import { inject, injectable } from 'inversify';
import { SalesStageSnapshot } from '../../domain/sales-stage/sales-stage';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { found } from '../shared/records';
import { SALES_STAGE_TOKENS, SalesStageRepository } from './sales-stage.ports';

@injectable()
export class GetSalesStage {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(SALES_STAGE_TOKENS.SalesStageRepository) private readonly stages: SalesStageRepository,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, stageUniqueId: string): Promise<SalesStageSnapshot> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'sales_stages.view');
    return found(await this.stages.findByUniqueId(organisation.id, stageUniqueId)).snapshot();
  }
}
