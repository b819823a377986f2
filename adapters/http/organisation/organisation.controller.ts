import Router from '@koa/router';
import { inject, injectable } from 'inversify';
import { Context } from 'koa';
import { CreateOrganisation } from '../../../application/organisation/create-organisation.use-case';
import { GetOrganisation } from '../../../application/organisation/get-organisation.use-case';
import { ListOrganisations } from '../../../application/organisation/list-organisations.use-case';
import { UpdateOrganisation } from '../../../application/organisation/update-organisation.use-case';
import { readBody } from '../body/read-body';
import { actorOf } from '../middleware/authentication';
import { bindBody } from '../shared/bind-body';
import { API_PREFIX, AuthGuard, HttpController } from '../shared/controller';
import { ListQuery, pageOfList, pageRequestOf, readQuery, sendPage } from '../validation/list-query';
import { NewOrganisationInput, OrganisationInput } from './organisation.dto';
import { presentBasicOrganisation, presentOwnerOrganisation } from './organisation.presenter';

@injectable()
export class OrganisationController implements HttpController {
  constructor(
    @inject(AuthGuard) private readonly guard: AuthGuard,
    @inject(ListOrganisations) private readonly listOrganisations: ListOrganisations,
    @inject(CreateOrganisation) private readonly createOrganisation: CreateOrganisation,
    @inject(GetOrganisation) private readonly getOrganisation: GetOrganisation,
    @inject(UpdateOrganisation) private readonly updateOrganisation: UpdateOrganisation,
  ) {}

  register(router: Router): void {
    const auth = this.guard.required();
    const body = readBody({ multipart: true });
    router.get(`${API_PREFIX}/organisations`, auth, async (ctx) => {
      // Paginated like every list (contract section 1): a user belongs to few organisations, so in memory.
      const request = pageRequestOf(readQuery(ListQuery, ctx.query));
      const organisations = await this.listOrganisations.execute(actorOf(ctx));
      sendPage(ctx, pageOfList(organisations, request), request, presentOwnerOrganisation);
    });
    router.post(`${API_PREFIX}/organisations/create`, auth, body, async (ctx) => {
      const input = bindBody(ctx, OrganisationInput) as NewOrganisationInput;
      ctx.status = 201;
      ctx.body = presentOwnerOrganisation(await this.createOrganisation.execute(actorOf(ctx), input));
    });
    router.get(`${API_PREFIX}/organisation/:uid`, auth, async (ctx) => {
      ctx.body = presentBasicOrganisation(await this.getOrganisation.execute(actorOf(ctx), ctx.params.uid));
    });
    router.put(`${API_PREFIX}/organisation/:uid/update`, auth, body, (ctx) => this.update(ctx, false));
    router.patch(`${API_PREFIX}/organisation/:uid/update`, auth, body, (ctx) => this.update(ctx, true));
  }

  private async update(ctx: Context, partial: boolean): Promise<void> {
    const changes = bindBody(ctx, OrganisationInput, partial);
    ctx.body = presentOwnerOrganisation(await this.updateOrganisation.execute(actorOf(ctx), ctx.params.uid, changes));
  }
}
