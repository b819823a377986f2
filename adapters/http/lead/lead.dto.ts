import { Expose } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import { LeadOrderingField } from '../../../application/lead/lead.ports';
import { Ordering } from '../../../application/shared/page';
import {
  LEAD_ESTIMATED_VALUE,
  LEAD_OUTCOMES,
  LEAD_PRIORITIES,
  LEAD_SOURCES,
  LEAD_WIN_PROBABILITY,
  LeadOutcome,
  LeadPriority,
  LeadSource,
} from '../../../domain/lead/lead';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal } from '../../../domain/shared/decimal';
import { fields } from '../validation/fields';
import { Input } from '../validation/input';
import { BlankAsAbsent, IsChoiceOf, ListQuery } from '../validation/list-query';

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

export class LeadListParameters extends ListQuery {
  /** Part of the title, in any case. */
  @Expose() @BlankAsAbsent() @IsOptional() @IsString()
  name?: string;

  @Expose() @BlankAsAbsent() @IsOptional() @IsChoiceOf(LEAD_SOURCES)
  source?: LeadSource;

  @Expose() @BlankAsAbsent() @IsOptional() @IsChoiceOf(LEAD_OUTCOMES)
  status?: LeadOutcome;
}

export const LEAD_ORDERINGS: Readonly<Record<string, LeadOrderingField>> = {
  title: 'title',
  estimated_value: 'estimatedValue',
  win_probability: 'winProbability',
  expected_close_date: 'expectedCloseDate',
  date_created: 'dateCreated',
};

export const DEFAULT_LEAD_ORDERING: Ordering<LeadOrderingField> = { field: 'dateCreated', descending: true };
