import { EntitySchema } from 'typeorm';
import { column as c, Dialect, entityColumns, organisationKey, RowOf, uniqueIdPerOrganisation } from '../columns';
import { searchIndices } from '../search-index';

const clientColumns = {
  id: c.id(),
  organisation_id: c.ref(),
  unique_id: c.varchar(100),
  name: c.varchar(200),
  /** `name` lower-cased: searched and ordered alike on both engines. */
  name_key: c.varchar(200).bytewise(),
  email: c.varchar(254).nullable(),
  /** `email` lower-cased, for the search. */
  email_key: c.varchar(254).bytewise().nullable(),
  phone: c.varchar(50).nullable(),
  website: c.varchar(300).nullable(),
  date_created: c.timestamp(),
  last_updated: c.timestamp(),
};

export type ClientRow = RowOf<typeof clientColumns>;

export function clientSchemas(dialect: Dialect): EntitySchema[] {
  return [
    new EntitySchema<ClientRow>({
      name: 'Client',
      tableName: 'clients',
      columns: entityColumns(dialect, clientColumns),
      uniques: [uniqueIdPerOrganisation('clients')],
      foreignKeys: [organisationKey()],
      indices: [
        ...searchIndices(dialect, 'clients'),
        { name: 'ix_clients_org_name', columns: ['organisation_id', 'name_key', 'id'] },
        { name: 'ix_clients_org_created', columns: ['organisation_id', 'date_created', 'id'] },
      ],
    }),
  ];
}
