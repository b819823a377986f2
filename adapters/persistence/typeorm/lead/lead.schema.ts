import { EntitySchema } from 'typeorm';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';
import { columnsFor, Dialect } from '../columns';

export interface LeadRow {
  id: string;
  organisation_id: string;
  unique_id: string;
  title: string;
  /** `title` lower-cased: searched and ordered alike on both engines. */
  title_key: string;
  description: string | null;
  qualification_notes: string | null;
  priority: string;
  lead_source: string;
  estimated_value: Decimal | null;
  win_probability: Decimal | null;
  /** won, lost or open: derived from win_probability, kept so that the status filter is an indexed equality. */
  outcome: string;
  sales_stage_id: string | null;
  client_id: string | null;
  expected_close_date: CalendarDate | null;
  follow_up_date: Date | null;
  created_by_id: string;
  assigned_to_id: string;
  date_created: Date;
  last_updated: Date;
}

export function leadSchemas(dialect: Dialect): EntitySchema[] {
  const c = columnsFor(dialect);
  return [
    new EntitySchema<LeadRow>({
      name: 'Lead',
      tableName: 'leads',
      columns: {
        id: c.id(),
        organisation_id: c.ref(),
        unique_id: c.text(100, false),
        title: c.text(undefined, false),
        title_key: c.text(undefined, false),
        description: c.text(),
        qualification_notes: c.text(),
        priority: c.text(10, false),
        lead_source: c.text(20, false),
        estimated_value: c.decimal(2, true),
        win_probability: c.decimal(2, true),
        outcome: c.text(4, false),
        sales_stage_id: c.ref(true),
        client_id: c.ref(true),
        expected_close_date: c.date(),
        follow_up_date: c.timestamp(true),
        created_by_id: c.ref(),
        assigned_to_id: c.ref(),
        date_created: c.timestamp(),
        last_updated: c.timestamp(),
      },
    }),
  ];
}
