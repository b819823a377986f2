import { EntitySchema } from 'typeorm';
import { columnsFor, Dialect } from '../columns';

export interface AccountRow {
  id: string;
  unique_id: string;
  organisation_id: string;
  account_code: string;
  name: string;
  account_type: string;
  description: string | null;
  is_active: boolean;
  date_created: Date;
  last_updated: Date;
}

export function accountSchemas(dialect: Dialect): EntitySchema[] {
  const c = columnsFor(dialect);
  return [
    new EntitySchema<AccountRow>({
      name: 'Account',
      tableName: 'accounts',
      columns: {
        id: c.id(),
        unique_id: c.text(100, false),
        organisation_id: c.ref(),
        account_code: c.text(20, false),
        name: c.text(200, false),
        account_type: c.text(20, false),
        description: c.text(),
        is_active: c.boolean(),
        date_created: c.timestamp(),
        last_updated: c.timestamp(),
      },
    }),
  ];
}
