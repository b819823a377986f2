import {
  Lead,
  LEAD_ESTIMATED_VALUE,
  LEAD_OUTCOMES,
  LEAD_PRIORITIES,
  LEAD_SOURCES,
  LEAD_WEIGHTED_VALUE_PLACES,
  LEAD_WIN_PROBABILITY,
  leadOutcome,
  LeadSnapshot,
} from '../../../domain/lead/lead';
import { DecimalLimits } from '../../../domain/shared/decimal';
import { fieldsOf } from '../declared-field';
import { declareResource } from '../resource-declaration';

const f = fieldsOf<LeadSnapshot>();

/** What a lead is worth at its odds: never more than its estimated value (odds of at most 100 %), never negative. */
const WEIGHTED_VALUE = new DecimalLimits(LEAD_ESTIMATED_VALUE.maxWholeDigits, LEAD_WEIGHTED_VALUE_PLACES, LEAD_ESTIMATED_VALUE.min);

/**
 * The title has no bound of its own (the API's 10 000 characters): the list
 * orders it through its first 200 characters, whose key (at most 800 bytes)
 * a Postgres B-tree holds, then the whole key (docs/decisions/leads-vendors.md).
 */
const TITLE_ORDER_PREFIX = 200;

/** `/organisation/{org}/leads/` (spec Part 4): its stage and client named by unique_id. */
export const LEAD_DECLARATION = declareResource<LeadSnapshot>()({
  names: { one: 'lead', many: 'leads' },
  schemaName: 'Lead',
  tagDescription: 'Leads and their way through the sales stages.',
  keyArea: 'leads',
  tagAfter: 'Clients',
  table: 'leads',
  restore: Lead.restore,
  defaultOrdering: '-date_created',
  orderings: ['title', 'estimated_value', 'win_probability', 'expected_close_date', 'date_created'],
  searchFilter: 'name',
  fields: [
    f.uniqueId(),
    f.text('title', { required: true, folded: true, searched: true, ordering: true, orderPrefix: TITLE_ORDER_PREFIX }),
    f.text('description', { nullable: true }),
    f.text('qualificationNotes', { nullable: true }),
    f.choice('priority', LEAD_PRIORITIES, { columnLength: 10 }),
    f.choice('leadSource', LEAD_SOURCES, { required: true, filter: 'source' }),
    f.decimal('estimatedValue', LEAD_ESTIMATED_VALUE, { nullable: true, ordering: true }),
    f.decimal('winProbability', LEAD_WIN_PROBABILITY, { nullable: true, ordering: true }),
    f.derived('weightedValue', { type: 'decimal', limits: WEIGHTED_VALUE }, { nullable: true }),
    // Required on a create and a PUT; a PUT or PATCH may clear it.
    f.reference('salesStageId', 'sales_stages', 'sales_stage', { nullable: true, required: true, createNullable: false }),
    f.reference('clientId', 'clients', 'client', { nullable: true }),
    f.date('expectedCloseDate', { nullable: true, ordering: true }),
    f.timestamp('followUpDate', { nullable: true, readOnly: false }),
    f.person('createdById', 'created_by'),
    // Given to a member by unique_id (write-only); shown as the person (`assigned_to`). Left out: the creator (docs/decisions/leads-vendors.md).
    f.reference('assignedToId', 'persons', 'assigned_to_id', {
      writeOnly: true,
      description: 'The member it is assigned to, by unique_id: the creator when left out on a create, unchanged when left out on an update.',
    }),
    f.derived('assignedTo', { type: 'person' }, { compute: (lead) => lead.assignedToId }),
    f.derived('isClosed', { type: 'boolean' }),
    f.timestamp('dateCreated', { ordering: true }),
    f.timestamp('lastUpdated'),
  ],
  storage: {
    counted: true,
    // Won, lost or open, from the win probability: kept so that the `status` filter is an indexed equality.
    computed: [
      {
        column: 'outcome',
        type: { type: 'choice', choices: LEAD_OUTCOMES, allowBlank: false, columnLength: 4 },
        compute: (lead: LeadSnapshot) => leadOutcome(lead.winProbability),
        filter: 'status',
      },
    ],
    indices: [
      { name: 'ix_leads_org_created', columns: ['organisation_id', 'date_created', 'id'] },
      { name: 'ix_leads_org_source', columns: ['organisation_id', 'lead_source', 'date_created', 'id'] },
      { name: 'ix_leads_org_outcome', columns: ['organisation_id', 'outcome', 'date_created', 'id'] },
      { name: 'ix_leads_org_title', columns: ['organisation_id', 'title_order'] },
      { name: 'ix_leads_sales_stage', columns: ['sales_stage_id'] },
      { name: 'ix_leads_client', columns: ['client_id'] },
      // The pipeline report reads from it alone (migration 1763700001000).
      { name: 'ix_leads_report', columns: ['organisation_id', 'sales_stage_id', 'outcome', 'lead_source', 'estimated_value', 'win_probability'] },
    ],
  },
});
