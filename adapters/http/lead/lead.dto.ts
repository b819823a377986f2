import { LeadFilters, LeadOrderingField } from '../../../application/lead/lead.ports';
import {
  LEAD_ESTIMATED_VALUE,
  LEAD_OUTCOMES,
  LEAD_PRIORITIES,
  LEAD_SOURCES,
  LEAD_WIN_PROBABILITY,
  LeadChanges,
  LeadOutcome,
  LeadPriority,
  LeadSource,
} from '../../../domain/lead/lead';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal } from '../../../domain/shared/decimal';
import { fields } from '../validation/fields';
import { Input } from '../validation/input';
import { filters, Orderings } from '../validation/query';
import { NoneMissing, UnboundFields } from '../shared/field-coverage';

/** A reference by unique_id to a record of the organisation; a blank one is refused rather than looked up. */
const reference = (options: { required?: boolean; nullable?: boolean } = {}) =>
  fields.text({ ...options, allowBlank: false });

/** Every writable lead field but the stage, whose nullability differs between create and update. */
abstract class LeadFields {
  @Input('unique_id', fields.uniqueId()) uniqueId?: string;
  @Input('title', fields.text({ required: true })) title?: string;
  @Input('description', fields.text({ nullable: true })) description?: string | null;
  @Input('qualification_notes', fields.text({ nullable: true })) qualificationNotes?: string | null;
  @Input('priority', fields.choice(LEAD_PRIORITIES)) priority?: LeadPriority;
  @Input('lead_source', fields.choice(LEAD_SOURCES, { required: true })) leadSource?: LeadSource;
  @Input('estimated_value', fields.decimal(LEAD_ESTIMATED_VALUE, { nullable: true })) estimatedValue?: Decimal | null;
  @Input('win_probability', fields.decimal(LEAD_WIN_PROBABILITY, { nullable: true })) winProbability?: Decimal | null;
  @Input('client', reference({ nullable: true })) client?: string | null;
  @Input('expected_close_date', fields.date({ nullable: true })) expectedCloseDate?: CalendarDate | null;
  @Input('follow_up_date', fields.dateTime({ nullable: true })) followUpDate?: Date | null;
}

/** Create: `sales_stage` is required and may not be null (contract section 6). */
export class NewLeadInput extends LeadFields {
  @Input('sales_stage', reference({ required: true })) salesStage?: string;
}

/** PUT (all required fields) and PATCH: the stage may be cleared with null. */
export class LeadInput extends LeadFields {
  @Input('sales_stage', reference({ required: true, nullable: true })) salesStage?: string | null;
}

export type CompleteNewLeadInput = NewLeadInput & { title: string; leadSource: LeadSource; salesStage: string };

/** The list's filters (`LeadFilters` of the lead ports): `name` searches the title, `status` is the outcome. */
export class LeadFilterInput implements LeadFilters {
  @Input('name', filters.text()) title?: string;
  @Input('source', filters.choice(LEAD_SOURCES)) source?: LeadSource;
  @Input('status', filters.choice(LEAD_OUTCOMES)) outcome?: LeadOutcome;
}

export const LEAD_ORDERINGS: Orderings<LeadOrderingField> = {
  choices: {
    title: 'title',
    estimated_value: 'estimatedValue',
    win_probability: 'winProbability',
    expected_close_date: 'expectedCloseDate',
    date_created: 'dateCreated',
  },
  default: { field: 'dateCreated', descending: true },
};

// Every field the changes take is read from the body (see field-coverage.ts); the stage and client by unique_id.
export type LeadFieldsBound = NoneMissing<UnboundFields<LeadChanges, LeadInput, 'salesStageId' | 'clientId'> & string>;
