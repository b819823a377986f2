import { inject, injectable } from 'inversify';
import { Lead, LeadDetails, LeadSource } from '../../domain/lead/lead';
import { ValidationFailed } from '../../domain/shared/errors';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, IdGenerator, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { newUniqueId } from '../shared/records';
import { LEAD_TOKENS, LeadRepository } from './lead.ports';
import { LeadReferences, LeadReferencesInput } from './lead-references';
import { LeadView, LeadViews } from './lead-views';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';

/** A lead as a member writes it: its stage and client by unique_id. */
export type LeadCommand = Partial<Omit<LeadDetails, 'salesStageId' | 'clientId'>> &
  LeadReferencesInput & { uniqueId?: string };

export type NewLeadCommand = LeadCommand & { title: string; leadSource: LeadSource };

/**
 * A member records a lead in a stage of the pipeline; they are its creator
 * and its assignee. Without a win probability it takes the stage's.
 */
@injectable()
export class CreateLead {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(LEAD_TOKENS.LeadRepository) private readonly leads: LeadRepository,
    @inject(LeadReferences) private readonly references: LeadReferences,
    @inject(LeadViews) private readonly views: LeadViews,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, command: NewLeadCommand): Promise<LeadView> {
    return this.unitOfWork.transaction(async () => {
      const { organisation, member } = await this.access.authorise(actor, organisationUniqueId, 'leads.create');
      const { uniqueId, salesStage: _stage, client: _client, ...details } = command;
      const { salesStage, client } = await this.references.resolve(organisation.id, command);
      if (!salesStage) throw ValidationFailed.field('sales_stage', 'This field may not be null.');
      const existing = (uid: string) => this.leads.findByUniqueId(organisation.id, uid);
      const lead = Lead.create(
        Object.assign({}, details, {
          id: this.ids.next(),
          uniqueId: await newUniqueId(uniqueId, this.ids, existing, 'lead'),
          organisationId: organisation.id,
          salesStage,
          clientId: client?.id ?? null,
          createdById: actor.personId,
          now: this.clock.now(),
        }),
      );
      await this.leads.save(lead);
      const view = await this.views.one(lead, { stages: [salesStage], clients: client ? [client] : [], caller: member });
      await this.events.publish({ organisation, type: 'lead.created', recordId: lead.id, subject: { model: 'lead', view } });
      return view;
    });
  }
}
