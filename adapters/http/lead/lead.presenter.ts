import { LeadView } from '../../../application/lead/lead-views';
import { wire } from '../shared/present';

export function presentLead(view: LeadView) {
  const l = view.lead;
  return {
    unique_id: l.uniqueId,
    title: l.title,
    description: l.description,
    qualification_notes: l.qualificationNotes,
    priority: l.priority,
    lead_source: l.leadSource,
    estimated_value: wire.decimal(l.estimatedValue),
    win_probability: wire.decimal(l.winProbability),
    weighted_value: wire.decimal(view.weightedValue),
    sales_stage: view.salesStage,
    client: view.client,
    expected_close_date: wire.date(l.expectedCloseDate),
    follow_up_date: wire.dateTime(l.followUpDate),
    created_by: wire.person(view.createdBy),
    assigned_to: wire.person(view.assignedTo),
    is_closed: view.isClosed,
    date_created: wire.dateTime(l.dateCreated),
    last_updated: wire.dateTime(l.lastUpdated),
  };
}
