import { inject, injectable } from 'inversify';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { found } from '../shared/records';
import { LEAD_TOKENS, LeadRepository } from './lead.ports';
import { LeadViews } from './lead-views';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';

@injectable()
export class DeleteLead {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(LEAD_TOKENS.LeadRepository) private readonly leads: LeadRepository,
    @inject(LeadViews) private readonly views: LeadViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
  ) {}

  execute(actor: Actor, organisationUniqueId: string, leadUniqueId: string): Promise<void> {
    return this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'leads.delete');
      const lead = found(await this.leads.findByUniqueId(organisation.id, leadUniqueId));
      const view = await this.views.one(lead);
      await this.leads.delete(lead);
      await this.events.publish({ organisation, type: 'lead.deleted', recordId: lead.id, subject: { model: 'lead', view } });
    });
  }
}
