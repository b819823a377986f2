import { EntitySchema } from 'typeorm';
import { column as c, Dialect, entityColumns, organisationKey, RowOf, uniqueIdPerOrganisation } from '../columns';

const salesStageColumns = {
  id: c.id(),
  organisation_id: c.ref(),
  unique_id: c.varchar(100),
  name: c.varchar(200),
  /** `name` lower-cased, for ordering alike on both engines. */
  name_key: c.varchar(200).bytewise(),
  description: c.text().nullable(),
  probability: c.decimal(),
  is_active: c.boolean(true),
  is_closed_won: c.boolean(),
  is_closed_lost: c.boolean(),
  position: c.integer(),
  date_created: c.timestamp(),
  last_updated: c.timestamp(),
};

export type SalesStageRow = RowOf<typeof salesStageColumns>;

export function salesStageSchemas(dialect: Dialect): EntitySchema[] {
  return [
    new EntitySchema<SalesStageRow>({
      name: 'SalesStage',
      tableName: 'sales_stages',
      columns: entityColumns(dialect, salesStageColumns),
      uniques: [uniqueIdPerOrganisation('sales_stages')],
      foreignKeys: [organisationKey()],
      indices: [{ name: 'ix_sales_stages_org_position', columns: ['organisation_id', 'position', 'id'] }],
    }),
  ];
}
