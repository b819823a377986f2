import Router from '@koa/router';
import { inject, injectable } from 'inversify';
import { Context } from 'koa';
import { CreateSalesStage } from '../../../application/sales-stage/create-sales-stage.use-case';
import { DeleteSalesStage } from '../../../application/sales-stage/delete-sales-stage.use-case';
import { GetSalesStage } from '../../../application/sales-stage/get-sales-stage.use-case';
import { ListSalesStages } from '../../../application/sales-stage/list-sales-stages.use-case';
import { UpdateSalesStage } from '../../../application/sales-stage/update-sales-stage.use-case';
import { actorOf } from '../middleware/authentication';
import { bindBody } from '../shared/bind-body';
import { AuthGuard, HttpController } from '../shared/controller';
import { OrganisationResource, registerOrganisationResource } from '../shared/organisation-resource';
import { ListQuery, orderingOf, pageRequestOf, readQuery, sendPage } from '../validation/list-query';
import {
  DEFAULT_SALES_STAGE_ORDERING,
  NewSalesStageInput,
  SALES_STAGE_ORDERINGS,
  SalesStageInput,
} from './sales-stage.dto';
import { presentSalesStage } from './sales-stage.presenter';

/** `/api/v1.0/organisation/{uid}/sales-stages/…` (contract section 5). */
@injectable()
export class SalesStageController implements HttpController, OrganisationResource {
  constructor(
    @inject(AuthGuard) private readonly guard: AuthGuard,
    @inject(ListSalesStages) private readonly listStages: ListSalesStages,
    @inject(CreateSalesStage) private readonly createStage: CreateSalesStage,
    @inject(GetSalesStage) private readonly getStage: GetSalesStage,
    @inject(UpdateSalesStage) private readonly updateStage: UpdateSalesStage,
    @inject(DeleteSalesStage) private readonly deleteStage: DeleteSalesStage,
  ) {}

  register(router: Router): void {
    registerOrganisationResource(router, this.guard, 'sales-stages', this);
  }

  async list(ctx: Context, organisation: string): Promise<void> {
    const query = readQuery(ListQuery, ctx.query);
    const page = pageRequestOf(query);
    const ordering = orderingOf(query, SALES_STAGE_ORDERINGS, DEFAULT_SALES_STAGE_ORDERING);
    sendPage(ctx, await this.listStages.execute(actorOf(ctx), organisation, { ordering, page }), page, presentSalesStage);
  }

  async create(ctx: Context, organisation: string): Promise<object> {
    const input = bindBody(ctx, SalesStageInput) as NewSalesStageInput;
    return presentSalesStage(await this.createStage.execute(actorOf(ctx), organisation, input));
  }

  async get(ctx: Context, organisation: string, id: string): Promise<object> {
    return presentSalesStage(await this.getStage.execute(actorOf(ctx), organisation, id));
  }

  async update(ctx: Context, organisation: string, id: string, partial: boolean): Promise<object> {
    const changes = bindBody(ctx, SalesStageInput, partial);
    return presentSalesStage(await this.updateStage.execute(actorOf(ctx), organisation, id, changes));
  }

  delete(ctx: Context, organisation: string, id: string): Promise<void> {
    return this.deleteStage.execute(actorOf(ctx), organisation, id);
  }
}
