import { EntitySchema } from 'typeorm';
import { Decimal } from '../../../../domain/shared/decimal';
import { columnsFor, Dialect } from '../columns';

export interface SalesStageRow {
  id: string;
  organisation_id: string;
  unique_id: string;
  name: string;
  /** `name` lower-cased, for ordering alike on both engines. */
  name_key: string;
  description: string | null;
  probability: Decimal;
  is_active: boolean;
  is_closed_won: boolean;
  is_closed_lost: boolean;
  position: number;
  date_created: Date;
  last_updated: Date;
}

export function salesStageSchemas(dialect: Dialect): EntitySchema[] {
  const c = columnsFor(dialect);
  return [
    new EntitySchema<SalesStageRow>({
      name: 'SalesStage',
      tableName: 'sales_stages',
      columns: {
        id: c.id(),
        organisation_id: c.ref(),
        unique_id: c.text(100, false),
        name: c.text(200, false),
        name_key: c.text(200, false),
        description: c.text(),
        probability: c.decimal(),
        is_active: c.boolean(),
        is_closed_won: c.boolean(),
        is_closed_lost: c.boolean(),
        position: c.integer(),
        date_created: c.timestamp(),
        last_updated: c.timestamp(),
      },
    }),
  ];
}
