import { Lead, LeadChanges, leadOutcome, LeadOutcome, LeadSnapshot, LeadSource, StageOfNewLead } from '../../domain/lead/lead';
import { ValidationFailed } from '../../domain/shared/errors';
import { RecordKind, ReferencedRecords } from '../records/record-kind';
import { RecordRepository } from '../records/record.ports';

export type LeadRepository = RecordRepository<Lead>;

export const LEAD_TOKENS = {
  LeadRepository: Symbol.for('LeadRepository'),
} as const;

/** The lead list's filters, by the names its declaration gives them, which the pipeline report reads alike. */
export type LeadFilters = {
  /** Case-insensitive part of the title. */
  name?: string;
  source?: LeadSource;
  /** The outcome: won (probability 100), lost (0) or open (anything else, or none). */
  status?: LeadOutcome;
};

/** A lead as a member writes it: its stage and client by unique_id (the record service resolves them). */
export type LeadCommand = LeadChanges;

export type NewLeadCommand = LeadCommand & { title: string; leadSource: LeadSource };

/**
 * Leads (spec Part 4): any member records them in a stage of the pipeline and
 * is their creator, and their assignee unless they give them to another member
 * (`assigned_to_id`); without a win probability a lead takes its
 * stage's. An update that brings the probability to 100 or 0 closes the lead:
 * `lead.won` or `lead.lost` is announced after `lead.updated`.
 */
export function leadKind(stages: ReferencedRecords, clients: ReferencedRecords, members: ReferencedRecords): RecordKind<Lead, LeadSnapshot, NewLeadCommand, LeadCommand> {
  return {
    names: { one: 'lead', many: 'leads' },
    roles: { read: 'member', write: 'member' },
    events: true,
    references: { salesStageId: stages, clientId: clients, assignedToId: members },
    create: (command, { id, uniqueId, organisation, actor, now, referenced }) => {
      const salesStage = referenced.salesStageId as unknown as StageOfNewLead | null | undefined;
      if (!salesStage) throw ValidationFailed.field('sales_stage', 'This field may not be null.');
      const { salesStageId: _stage, ...details } = command;
      return Lead.create(Object.assign({}, details, { id, uniqueId, organisationId: organisation.id, salesStage, createdById: actor.personId, now }));
    },
    update: (lead, changes, now) => lead.update(changes, now),
    derive: (lead) => ({ weightedValue: lead.weightedValue, isClosed: lead.isClosed }),
    updateEvents: (before, lead) => (lead.outcome !== leadOutcome(before.winProbability) && lead.outcome !== 'open' ? [lead.outcome] : []),
  };
}
