import Router from '@koa/router';
import { inject, injectable } from 'inversify';
import { Context } from 'koa';
import { CreateLead } from '../../../application/lead/create-lead.use-case';
import { DeleteLead } from '../../../application/lead/delete-lead.use-case';
import { GetLead } from '../../../application/lead/get-lead.use-case';
import { ListLeads } from '../../../application/lead/list-leads.use-case';
import { UpdateLead } from '../../../application/lead/update-lead.use-case';
import { actorOf } from '../middleware/authentication';
import { bindBody } from '../shared/bind-body';
import { AuthGuard, HttpController } from '../shared/controller';
import { OrganisationResource, registerOrganisationResource } from '../shared/organisation-resource';
import { orderingOf, pageRequestOf, readQuery, sendPage } from '../validation/list-query';
import {
  CompleteNewLeadInput,
  DEFAULT_LEAD_ORDERING,
  LEAD_ORDERINGS,
  LeadInput,
  LeadListParameters,
  NewLeadInput,
} from './lead.dto';
import { presentLead } from './lead.presenter';

/** `/api/v1.0/organisation/{org_uid}/leads/…` (spec Part 4). */
@injectable()
export class LeadController implements HttpController, OrganisationResource {
  constructor(
    @inject(AuthGuard) private readonly guard: AuthGuard,
    @inject(ListLeads) private readonly listLeads: ListLeads,
    @inject(CreateLead) private readonly createLead: CreateLead,
    @inject(GetLead) private readonly getLead: GetLead,
    @inject(UpdateLead) private readonly updateLead: UpdateLead,
    @inject(DeleteLead) private readonly deleteLead: DeleteLead,
  ) {}

  register(router: Router): void {
    registerOrganisationResource(router, this.guard, 'leads', this);
  }

  async list(ctx: Context, organisation: string): Promise<void> {
    const query = readQuery(LeadListParameters, ctx.query);
    const page = pageRequestOf(query);
    const ordering = orderingOf(query, LEAD_ORDERINGS, DEFAULT_LEAD_ORDERING);
    const result = await this.listLeads.execute(actorOf(ctx), organisation, {
      filters: { title: query.name, source: query.source, outcome: query.status },
      ordering,
      page,
    });
    sendPage(ctx, result, page, presentLead);
  }

  async create(ctx: Context, organisation: string): Promise<object> {
    const input = bindBody(ctx, NewLeadInput) as CompleteNewLeadInput;
    return presentLead(await this.createLead.execute(actorOf(ctx), organisation, input));
  }

  async get(ctx: Context, organisation: string, id: string): Promise<object> {
    return presentLead(await this.getLead.execute(actorOf(ctx), organisation, id));
  }

  async update(ctx: Context, organisation: string, id: string, partial: boolean): Promise<object> {
    const changes = bindBody(ctx, LeadInput, partial);
    return presentLead(await this.updateLead.execute(actorOf(ctx), organisation, id, changes));
  }

  delete(ctx: Context, organisation: string, id: string): Promise<void> {
    return this.deleteLead.execute(actorOf(ctx), organisation, id);
  }
}
