import { inject, injectable } from 'inversify';
import { CreateOrganisation } from '../../../application/organisation/create-organisation.use-case';
import { NewOrganisation } from '../../../application/organisation/found-organisation';
import { GetOrganisation } from '../../../application/organisation/get-organisation.use-case';
import { ListOrganisations } from '../../../application/organisation/list-organisations.use-case';
import { UpdateOrganisation } from '../../../application/organisation/update-organisation.use-case';
import { actorOf } from '../middleware/authentication';
import { bindBody } from '../shared/bind-body';
import { API_PREFIX, HttpController, originOf } from '../shared/controller';
import { answers } from '../shared/answers';
import { Method } from '../shared/operation';
import { Routes } from '../shared/routes';
import { readPage, sendPage } from '../validation/query';
import {
  BASIC_ORGANISATION_SCHEMA,
  ORGANISATION_INPUT,
  OWNER_ORGANISATION_SCHEMA,
  presentBasicOrganisation,
  presentOwnerOrganisation,
} from './organisation.presenter';

/** The caller's organisations: list and create, read (members) and update (the owner). */
@injectable()
export class OrganisationController implements HttpController {
  constructor(
    @inject(ListOrganisations) private readonly listOrganisations: ListOrganisations,
    @inject(CreateOrganisation) private readonly createOrganisation: CreateOrganisation,
    @inject(GetOrganisation) private readonly getOrganisation: GetOrganisation,
    @inject(UpdateOrganisation) private readonly updateOrganisation: UpdateOrganisation,
  ) {}

  register(routes: Routes): void {
    const body = { input: ORGANISATION_INPUT, multipart: true };
    routes.add({
      method: 'GET',
      path: `${API_PREFIX}/organisations`,
      summary: 'List my organisations',
      description: 'The organisations the caller belongs to, a page at a time, each in the owner view.',
      list: {},
      answers: [answers.page(OWNER_ORGANISATION_SCHEMA)],
      handle: async (ctx) => {
        const request = readPage(ctx);
        sendPage(ctx, await this.listOrganisations.execute(actorOf(ctx), request), request, (view) => presentOwnerOrganisation(view, originOf(ctx)));
      },
    });
    routes.add({
      method: 'POST',
      path: `${API_PREFIX}/organisations/create`,
      summary: 'Create an organisation',
      description: 'Founds an organisation owned by the caller and answers it.',
      body,
      answers: [answers.created(OWNER_ORGANISATION_SCHEMA)],
      handle: async (ctx) => {
        const input = bindBody(ctx, ORGANISATION_INPUT) as NewOrganisation;
        ctx.status = 201;
        ctx.body = presentOwnerOrganisation(await this.createOrganisation.execute(actorOf(ctx), input), originOf(ctx));
      },
    });
    routes.add({
      method: 'GET',
      path: `${API_PREFIX}/organisation/:org`,
      summary: 'Get an organisation',
      description: 'One organisation the caller is a member of, in the basic view.',
      answers: [answers.ok(BASIC_ORGANISATION_SCHEMA)],
      handle: async (ctx) => {
        ctx.body = presentBasicOrganisation(await this.getOrganisation.execute(actorOf(ctx), ctx.params.org), originOf(ctx));
      },
    });
    for (const method of ['PUT', 'PATCH'] as const satisfies Method[]) {
      routes.add({
        method,
        path: `${API_PREFIX}/organisation/:org/update`,
        summary: method === 'PUT' ? 'Replace an organisation' : 'Update an organisation',
        description: (method === 'PUT' ? 'Writes the organisation’s fields (the required ones must be sent).' : 'Changes the fields sent, and only those.') + ' `If-Match` makes the change conditional on the version read. The owner only.',
        precondition: `${API_PREFIX}/organisation/:org`,
        body,
        answers: [answers.ok(OWNER_ORGANISATION_SCHEMA)],
        handle: async (ctx) => {
          const changes = bindBody(ctx, ORGANISATION_INPUT, method === 'PATCH');
          ctx.body = presentOwnerOrganisation(await this.updateOrganisation.execute(actorOf(ctx), ctx.params.org, changes), originOf(ctx));
        },
      });
    }
  }
}
