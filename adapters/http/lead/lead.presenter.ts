import { LeadView } from '../../../application/lead/lead-views';
import {
  LEAD_ESTIMATED_VALUE,
  LEAD_PRIORITIES,
  LEAD_SOURCES,
  LEAD_WEIGHTED_VALUE_PLACES,
  LEAD_WIN_PROBABILITY,
  LeadSnapshot,
} from '../../../domain/lead/lead';
import { PERSON_REF_SCHEMA, wire } from '../shared/present';
import { wireSchema as s } from '../shared/wire-schema';
import { NoneMissing, UnpresentedFields } from '../shared/field-coverage';

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

/** What `presentLead` writes. */
export const LEAD_SCHEMA = s.named(
  'Lead',
  s.object<ReturnType<typeof presentLead>>({
    unique_id: s.uniqueId(),
    title: s.text({ min: 1 }),
    description: s.nullable(s.text()),
    qualification_notes: s.nullable(s.text()),
    priority: s.choice(LEAD_PRIORITIES),
    lead_source: s.choice(LEAD_SOURCES),
    estimated_value: s.nullable(s.decimal(LEAD_ESTIMATED_VALUE)),
    win_probability: s.nullable(s.decimal(LEAD_WIN_PROBABILITY)),
    weighted_value: s.nullable(s.decimal(undefined, LEAD_WEIGHTED_VALUE_PLACES)),
    sales_stage: s.nullable(s.uniqueId()),
    client: s.nullable(s.uniqueId()),
    expected_close_date: s.nullable(s.date()),
    follow_up_date: s.nullable(s.dateTime()),
    created_by: s.nullable(PERSON_REF_SCHEMA),
    assigned_to: s.nullable(PERSON_REF_SCHEMA),
    is_closed: s.boolean(),
    date_created: s.dateTime(),
    last_updated: s.dateTime(),
  }),
);

// Every field reaches the wire (see field-coverage.ts); the records it names as nested references.
type LeadReferenceIds = 'createdById' | 'salesStageId' | 'clientId' | 'assignedToId';
export type LeadFieldsPresented = NoneMissing<
  UnpresentedFields<LeadSnapshot, ReturnType<typeof presentLead>, 'id' | 'organisationId' | LeadReferenceIds> & string
>;
