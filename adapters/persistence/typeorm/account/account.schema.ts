import { EntitySchema } from 'typeorm';
import { column as c, Dialect, entityColumns, organisationKey, RowOf, uniqueIdPerOrganisation } from '../columns';

const accountColumns = {
  id: c.id(),
  unique_id: c.varchar(100),
  organisation_id: c.ref(),
  /** Codes and names sort byte by byte on Postgres too, as they do on SQLite. */
  account_code: c.varchar(20).bytewise(),
  name: c.varchar(200).bytewise(),
  account_type: c.varchar(20),
  description: c.text().nullable(),
  is_active: c.boolean(true),
  date_created: c.timestamp(),
  last_updated: c.timestamp(),
};

export type AccountRow = RowOf<typeof accountColumns>;

export function accountSchemas(dialect: Dialect): EntitySchema[] {
  return [
    new EntitySchema<AccountRow>({
      name: 'Account',
      tableName: 'accounts',
      columns: entityColumns(dialect, accountColumns),
      uniques: [
        uniqueIdPerOrganisation('accounts'),
        { name: 'uq_accounts_code', columns: ['organisation_id', 'account_code'] },
        // The target of the expenses' (organisation_id, account_id) foreign key.
        { name: 'uq_accounts_organisation_id', columns: ['organisation_id', 'id'] },
      ],
      foreignKeys: [organisationKey()],
    }),
  ];
}
