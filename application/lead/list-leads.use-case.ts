import { inject, injectable } from 'inversify';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Page } from '../shared/page';
import { LEAD_TOKENS, LeadListQuery, LeadRepository } from './lead.ports';
import { LeadView, LeadViews } from './lead-views';

/** One page of the organisation's leads, filtered and ordered (any member). */
@injectable()
export class ListLeads {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(LEAD_TOKENS.LeadRepository) private readonly leads: LeadRepository,
    @inject(LeadViews) private readonly views: LeadViews,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, query: LeadListQuery): Promise<Page<LeadView>> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'leads.list');
    const page = await this.leads.list(organisation.id, query);
    return { total: page.total, items: await this.views.many(organisation.id, page.items) };
  }
}
