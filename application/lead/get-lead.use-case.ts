import { inject, injectable } from 'inversify';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { found } from '../shared/records';
import { LEAD_TOKENS, LeadRepository } from './lead.ports';
import { LeadView, LeadViews } from './lead-views';

@injectable()
export class GetLead {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(LEAD_TOKENS.LeadRepository) private readonly leads: LeadRepository,
    @inject(LeadViews) private readonly views: LeadViews,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, leadUniqueId: string): Promise<LeadView> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'leads.view');
    return this.views.one(found(await this.leads.findByUniqueId(organisation.id, leadUniqueId)));
  }
}
