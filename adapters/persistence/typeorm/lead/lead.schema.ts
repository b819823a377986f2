import { EntitySchema } from 'typeorm';
import { column as c, Dialect, entityColumns, organisationKey, references, RowOf, uniqueIdPerOrganisation } from '../columns';
import { searchIndices } from '../search-index';

const leadColumns = {
  id: c.id(),
  organisation_id: c.ref(),
  unique_id: c.varchar(100),
  title: c.text(),
  /** `title` lower-cased: searched and ordered alike on both engines. */
  title_key: c.text().bytewise(),
  description: c.text().nullable(),
  qualification_notes: c.text().nullable(),
  priority: c.varchar(10),
  lead_source: c.varchar(20),
  estimated_value: c.decimal().nullable(),
  win_probability: c.decimal().nullable(),
  /** won, lost or open: derived from win_probability, kept so that the status filter is an indexed equality. */
  outcome: c.varchar(4),
  sales_stage_id: c.ref().nullable(),
  client_id: c.ref().nullable(),
  expected_close_date: c.date().nullable(),
  follow_up_date: c.timestamp().nullable(),
  created_by_id: c.ref(),
  assigned_to_id: c.ref(),
  date_created: c.timestamp(),
  last_updated: c.timestamp(),
};

export type LeadRow = RowOf<typeof leadColumns>;

export function leadSchemas(dialect: Dialect): EntitySchema[] {
  return [
    new EntitySchema<LeadRow>({
      name: 'Lead',
      tableName: 'leads',
      columns: entityColumns(dialect, leadColumns),
      uniques: [uniqueIdPerOrganisation('leads')],
      foreignKeys: [
        organisationKey(),
        // No cascade: a stage or a client that leads name is not deleted (409 `in_use`).
        references('sales_stages', ['sales_stage_id']),
        references('clients', ['client_id']),
        references('persons', ['created_by_id']),
        references('persons', ['assigned_to_id']),
      ],
      indices: [
        ...searchIndices(dialect, 'leads'),
        { name: 'ix_leads_org_created', columns: ['organisation_id', 'date_created', 'id'] },
        { name: 'ix_leads_org_source', columns: ['organisation_id', 'lead_source', 'date_created', 'id'] },
        { name: 'ix_leads_org_outcome', columns: ['organisation_id', 'outcome', 'date_created', 'id'] },
        { name: 'ix_leads_org_title', columns: ['organisation_id', 'title_key', 'id'] },
        { name: 'ix_leads_sales_stage', columns: ['sales_stage_id'] },
        { name: 'ix_leads_client', columns: ['client_id'] },
        // The pipeline report reads from it alone (migration 1763700001000).
        { name: 'ix_leads_report', columns: ['organisation_id', 'sales_stage_id', 'outcome', 'lead_source', 'estimated_value', 'win_probability'] },
      ],
    }),
  ];
}
