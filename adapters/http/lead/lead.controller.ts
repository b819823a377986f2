import { inject, injectable } from 'inversify';
import { CreateLead } from '../../../application/lead/create-lead.use-case';
import { DeleteLead } from '../../../application/lead/delete-lead.use-case';
import { GetLead } from '../../../application/lead/get-lead.use-case';
import { ListLeads } from '../../../application/lead/list-leads.use-case';
import { UpdateLead } from '../../../application/lead/update-lead.use-case';
import { actorOf } from '../middleware/authentication';
import { API_PREFIX, HttpController } from '../shared/controller';
import { registerOrganisationResource } from '../shared/organisation-resource';
import { Routes } from '../shared/routes';
import { CompleteNewLeadInput, LEAD_ORDERINGS, LeadFilterInput, LeadInput, NewLeadInput } from './lead.dto';
import { presentLead, LEAD_SCHEMA } from './lead.presenter';

/** `/api/v1.0/organisation/{org_uid}/leads/…` (spec Part 4). */
@injectable()
export class LeadController implements HttpController {
  constructor(
    @inject(ListLeads) private readonly listLeads: ListLeads,
    @inject(CreateLead) private readonly createLead: CreateLead,
    @inject(GetLead) private readonly getLead: GetLead,
    @inject(UpdateLead) private readonly updateLead: UpdateLead,
    @inject(DeleteLead) private readonly deleteLead: DeleteLead,
  ) {}

  register(routes: Routes): void {
    registerOrganisationResource(routes, {
      names: { one: 'lead', many: 'leads' },
      base: `${API_PREFIX}/organisation/:org/leads`,
      schema: LEAD_SCHEMA,
      present: presentLead,
      input: { create: NewLeadInput, update: LeadInput },
      list: { filters: LeadFilterInput, orderings: LEAD_ORDERINGS },
      conflicts: ['create', 'update'],
      handlers: {
        list: (ctx, query) => this.listLeads.execute(actorOf(ctx), ctx.params.org, query),
        create: (ctx, input) => this.createLead.execute(actorOf(ctx), ctx.params.org, input as CompleteNewLeadInput),
        get: (ctx) => this.getLead.execute(actorOf(ctx), ctx.params.org, ctx.params.id),
        update: (ctx, changes) => this.updateLead.execute(actorOf(ctx), ctx.params.org, ctx.params.id, changes),
        delete: (ctx) => this.deleteLead.execute(actorOf(ctx), ctx.params.org, ctx.params.id),
      },
    });
  }
}
