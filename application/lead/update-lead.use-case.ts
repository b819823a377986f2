import { inject, injectable } from 'inversify';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { found } from '../shared/records';
import { LeadCommand } from './create-lead.use-case';
import { LEAD_TOKENS, LeadRepository } from './lead.ports';
import { idOf, LeadReferences } from './lead-references';
import { LeadView, LeadViews } from './lead-views';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';

/**
 * PUT and PATCH alike (the HTTP adapter checks PUT's required fields). The
 * stage may be cleared; moving to another stage keeps the win probability.
 */
@injectable()
export class UpdateLead {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(LEAD_TOKENS.LeadRepository) private readonly leads: LeadRepository,
    @inject(LeadReferences) private readonly references: LeadReferences,
    @inject(LeadViews) private readonly views: LeadViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, leadUniqueId: string, changes: LeadCommand): Promise<LeadView> {
    return this.unitOfWork.transaction(async () => {
      const { organisation, member } = await this.access.authorise(actor, organisationUniqueId, 'leads.update');
      const lead = found(await this.leads.findByUniqueId(organisation.id, leadUniqueId, { forUpdate: true }));
      const outcome = lead.outcome;
      const { salesStage: _stage, client: _client, ...details } = changes;
      const { salesStage, client } = await this.references.resolve(organisation.id, changes);
      lead.update(Object.assign({}, details, { salesStageId: idOf(salesStage), clientId: idOf(client) }), this.clock.now());
      await this.leads.save(lead);
      const view = await this.views.one(lead, { stages: salesStage ? [salesStage] : [], clients: client ? [client] : [], caller: member });
      const subject = { model: 'lead', view } as const;
      await this.events.publish({ organisation, type: 'lead.updated', recordId: lead.id, subject });
      // Reaching 100 or 0 closes the lead: won or lost, announced after the update itself.
      if (lead.outcome !== outcome && lead.outcome !== 'open') {
        await this.events.publish({ organisation, type: `lead.${lead.outcome}`, recordId: lead.id, subject });
      }
      return view;
    });
  }
}
