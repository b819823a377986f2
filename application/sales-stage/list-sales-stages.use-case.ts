import { inject, injectable } from 'inversify';
import { SalesStageSnapshot } from '../../domain/sales-stage/sales-stage';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Page } from '../shared/page';
import { SALES_STAGE_TOKENS, SalesStageListQuery, SalesStageRepository } from './sales-stage.ports';

/** One page of the organisation's pipeline (any member). */
@injectable()
export class ListSalesStages {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(SALES_STAGE_TOKENS.SalesStageRepository) private readonly stages: SalesStageRepository,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, query: SalesStageListQuery): Promise<Page<SalesStageSnapshot>> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'sales_stages.list');
    const page = await this.stages.list(organisation.id, query);
    return { total: page.total, items: page.items.map((stage) => stage.snapshot()) };
  }
}
