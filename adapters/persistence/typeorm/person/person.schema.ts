import { EntitySchema } from 'typeorm';
import { columnsFor, Dialect } from '../columns';

export interface PersonRow {
  id: string;
  unique_id: string;
  email: string;
  email_key: string;
  first_name: string;
  last_name: string;
  is_active: boolean;
  current_language: string;
  job_title: string | null;
  user_type: string;
  profile_picture_url: string | null;
  address: string | null;
  banking_sealed: string | null;
  employee_sealed: string | null;
  last_login: Date | null;
  date_created: Date;
  last_updated: Date;
}

export interface CredentialRow {
  person_id: string;
  password_hash: string;
  password_changed_at: Date;
}

export interface SessionRow {
  token_hash: string;
  person_id: string;
  csrf_token: string;
  created_at: Date;
  expires_at: Date;
}

export function personSchemas(dialect: Dialect): EntitySchema[] {
  const c = columnsFor(dialect);
  return [
    new EntitySchema<PersonRow>({
      name: 'Person',
      tableName: 'persons',
      columns: {
        id: c.id(),
        unique_id: c.text(100, false),
        email: c.text(254, false),
        email_key: c.text(254, false),
        first_name: c.text(150, false),
        last_name: c.text(150, false),
        is_active: c.boolean(),
        current_language: c.text(10, false),
        job_title: c.text(300),
        user_type: c.text(20, false),
        profile_picture_url: c.text(),
        address: c.text(),
        banking_sealed: c.text(),
        employee_sealed: c.text(),
        last_login: c.timestamp(true),
        date_created: c.timestamp(),
        last_updated: c.timestamp(),
      },
    }),
    new EntitySchema<CredentialRow>({
      name: 'Credential',
      tableName: 'credentials',
      columns: { person_id: c.id(), password_hash: c.text(undefined, false), password_changed_at: c.timestamp() },
    }),
    new EntitySchema<SessionRow>({
      name: 'Session',
      tableName: 'sessions',
      columns: {
        token_hash: { type: 'varchar', length: 64, primary: true },
        person_id: c.ref(),
        csrf_token: c.text(64, false),
        created_at: c.timestamp(),
        expires_at: c.timestamp(),
      },
    }),
  ];
}
