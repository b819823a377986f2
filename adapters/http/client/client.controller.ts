import Router from '@koa/router';
import { inject, injectable } from 'inversify';
import { Context } from 'koa';
import { CreateClient } from '../../../application/client/create-client.use-case';
import { DeleteClient } from '../../../application/client/delete-client.use-case';
import { GetClient } from '../../../application/client/get-client.use-case';
import { ListClients } from '../../../application/client/list-clients.use-case';
import { UpdateClient } from '../../../application/client/update-client.use-case';
import { actorOf } from '../middleware/authentication';
import { bindBody } from '../shared/bind-body';
import { AuthGuard, HttpController } from '../shared/controller';
import { OrganisationResource, registerOrganisationResource } from '../shared/organisation-resource';
import { orderingOf, pageRequestOf, readQuery, sendPage } from '../validation/list-query';
import { CLIENT_ORDERINGS, ClientInput, ClientListParameters, DEFAULT_CLIENT_ORDERING, NewClientInput } from './client.dto';
import { presentClient } from './client.presenter';

/** `/api/v1.0/organisation/{uid}/clients/…` (contract section 5). */
@injectable()
export class ClientController implements HttpController, OrganisationResource {
  constructor(
    @inject(AuthGuard) private readonly guard: AuthGuard,
    @inject(ListClients) private readonly listClients: ListClients,
    @inject(CreateClient) private readonly createClient: CreateClient,
    @inject(GetClient) private readonly getClient: GetClient,
    @inject(UpdateClient) private readonly updateClient: UpdateClient,
    @inject(DeleteClient) private readonly deleteClient: DeleteClient,
  ) {}

  register(router: Router): void {
    registerOrganisationResource(router, this.guard, 'clients', this);
  }

  async list(ctx: Context, organisation: string): Promise<void> {
    const query = readQuery(ClientListParameters, ctx.query);
    const page = pageRequestOf(query);
    const ordering = orderingOf(query, CLIENT_ORDERINGS, DEFAULT_CLIENT_ORDERING);
    const result = await this.listClients.execute(actorOf(ctx), organisation, {
      filters: { search: query.search },
      ordering,
      page,
    });
    sendPage(ctx, result, page, presentClient);
  }

  async create(ctx: Context, organisation: string): Promise<object> {
    const input = bindBody(ctx, ClientInput) as NewClientInput;
    return presentClient(await this.createClient.execute(actorOf(ctx), organisation, input));
  }

  async get(ctx: Context, organisation: string, id: string): Promise<object> {
    return presentClient(await this.getClient.execute(actorOf(ctx), organisation, id));
  }

  async update(ctx: Context, organisation: string, id: string, partial: boolean): Promise<object> {
    const changes = bindBody(ctx, ClientInput, partial);
    return presentClient(await this.updateClient.execute(actorOf(ctx), organisation, id, changes));
  }

  delete(ctx: Context, organisation: string, id: string): Promise<void> {
    return this.deleteClient.execute(actorOf(ctx), organisation, id);
  }
}
