import { EntitySchema } from 'typeorm';
import { columnsFor, Dialect } from '../columns';

export interface ClientRow {
  id: string;
  organisation_id: string;
  unique_id: string;
  name: string;
  /** `name` lower-cased: searched and ordered alike on both engines. */
  name_key: string;
  email: string | null;
  /** `email` lower-cased, for the search. */
  email_key: string | null;
  phone: string | null;
  website: string | null;
  date_created: Date;
  last_updated: Date;
}

export function clientSchemas(dialect: Dialect): EntitySchema[] {
  const c = columnsFor(dialect);
  return [
    new EntitySchema<ClientRow>({
      name: 'Client',
      tableName: 'clients',
      columns: {
        id: c.id(),
        organisation_id: c.ref(),
        unique_id: c.text(100, false),
        name: c.text(200, false),
        name_key: c.text(200, false),
        email: c.text(254),
        email_key: c.text(254),
        phone: c.text(50),
        website: c.text(300),
        date_created: c.timestamp(),
        last_updated: c.timestamp(),
      },
    }),
  ];
}
