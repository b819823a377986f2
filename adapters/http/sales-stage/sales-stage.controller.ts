import { inject, injectable } from 'inversify';
import { CreateSalesStage } from '../../../application/sales-stage/create-sales-stage.use-case';
import { DeleteSalesStage } from '../../../application/sales-stage/delete-sales-stage.use-case';
import { GetSalesStage } from '../../../application/sales-stage/get-sales-stage.use-case';
import { ListSalesStages } from '../../../application/sales-stage/list-sales-stages.use-case';
import { UpdateSalesStage } from '../../../application/sales-stage/update-sales-stage.use-case';
import { actorOf } from '../middleware/authentication';
import { API_PREFIX, HttpController } from '../shared/controller';
import { registerOrganisationResource } from '../shared/organisation-resource';
import { Routes } from '../shared/routes';
import { NewSalesStageInput, SALES_STAGE_ORDERINGS, SalesStageInput } from './sales-stage.dto';
import { presentSalesStage, SALES_STAGE_SCHEMA } from './sales-stage.presenter';

/** `/api/v1.0/organisation/{org_uid}/sales-stages/…` (contract section 5): the organisation's pipeline. */
@injectable()
export class SalesStageController implements HttpController {
  constructor(
    @inject(ListSalesStages) private readonly listStages: ListSalesStages,
    @inject(CreateSalesStage) private readonly createStage: CreateSalesStage,
    @inject(GetSalesStage) private readonly getStage: GetSalesStage,
    @inject(UpdateSalesStage) private readonly updateStage: UpdateSalesStage,
    @inject(DeleteSalesStage) private readonly deleteStage: DeleteSalesStage,
  ) {}

  register(routes: Routes): void {
    registerOrganisationResource(routes, {
      names: { one: 'sales stage', many: 'sales stages' },
      base: `${API_PREFIX}/organisation/:org/sales-stages`,
      schema: SALES_STAGE_SCHEMA,
      present: presentSalesStage,
      input: { create: SalesStageInput, update: SalesStageInput },
      list: { orderings: SALES_STAGE_ORDERINGS },
      conflicts: ['delete'],
      handlers: {
        // The pipeline has no filters.
        list: (ctx, query) => this.listStages.execute(actorOf(ctx), ctx.params.org, { ...query, filters: {} }),
        create: (ctx, input) => this.createStage.execute(actorOf(ctx), ctx.params.org, input as NewSalesStageInput),
        get: (ctx) => this.getStage.execute(actorOf(ctx), ctx.params.org, ctx.params.id),
        update: (ctx, changes) => this.updateStage.execute(actorOf(ctx), ctx.params.org, ctx.params.id, changes),
        delete: (ctx) => this.deleteStage.execute(actorOf(ctx), ctx.params.org, ctx.params.id),
      },
    });
  }
}
