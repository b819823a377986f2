import { inject, injectable } from 'inversify';
import { CreateClient } from '../../../application/client/create-client.use-case';
import { DeleteClient } from '../../../application/client/delete-client.use-case';
import { GetClient } from '../../../application/client/get-client.use-case';
import { ListClients } from '../../../application/client/list-clients.use-case';
import { UpdateClient } from '../../../application/client/update-client.use-case';
import { actorOf } from '../middleware/authentication';
import { API_PREFIX, HttpController } from '../shared/controller';
import { registerOrganisationResource } from '../shared/organisation-resource';
import { Routes } from '../shared/routes';
import { CLIENT_ORDERINGS, ClientFilterInput, ClientInput, NewClientInput } from './client.dto';
import { presentClient, CLIENT_SCHEMA } from './client.presenter';

/** `/api/v1.0/organisation/{org_uid}/clients/…` (contract section 5). */
@injectable()
export class ClientController implements HttpController {
  constructor(
    @inject(ListClients) private readonly listClients: ListClients,
    @inject(CreateClient) private readonly createClient: CreateClient,
    @inject(GetClient) private readonly getClient: GetClient,
    @inject(UpdateClient) private readonly updateClient: UpdateClient,
    @inject(DeleteClient) private readonly deleteClient: DeleteClient,
  ) {}

  register(routes: Routes): void {
    registerOrganisationResource(routes, {
      names: { one: 'client', many: 'clients' },
      base: `${API_PREFIX}/organisation/:org/clients`,
      schema: CLIENT_SCHEMA,
      present: presentClient,
      input: { create: ClientInput, update: ClientInput },
      list: { filters: ClientFilterInput, orderings: CLIENT_ORDERINGS },
      conflicts: ['delete'],
      handlers: {
        list: (ctx, query) => this.listClients.execute(actorOf(ctx), ctx.params.org, query),
        create: (ctx, input) => this.createClient.execute(actorOf(ctx), ctx.params.org, input as NewClientInput),
        get: (ctx) => this.getClient.execute(actorOf(ctx), ctx.params.org, ctx.params.id),
        update: (ctx, changes) => this.updateClient.execute(actorOf(ctx), ctx.params.org, ctx.params.id, changes),
        delete: (ctx) => this.deleteClient.execute(actorOf(ctx), ctx.params.org, ctx.params.id),
      },
    });
  }
}
