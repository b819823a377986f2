import { EntitySchema } from 'typeorm';
import { column as c, Dialect, entityColumns, references, RowOf } from '../columns';

const personColumns = {
  id: c.id(),
  unique_id: c.varchar(100),
  email: c.varchar(254),
  email_key: c.varchar(254),
  first_name: c.varchar(150),
  last_name: c.varchar(150),
  is_active: c.boolean(true),
  current_language: c.varchar(10),
  job_title: c.varchar(300).nullable(),
  user_type: c.varchar(20),
  /** Always null: the previous version's column, kept while it may still run (rolling deploys). */
  profile_picture_url: c.text().nullable(),
  address: c.text().nullable(),
  banking_sealed: c.text().nullable(),
  employee_sealed: c.text().nullable(),
  picture_key: c.varchar(200).nullable(),
  picture_content_type: c.varchar(50).nullable(),
  picture_size: c.integer().nullable(),
  last_login: c.timestamp().nullable(),
  date_created: c.timestamp(),
  last_updated: c.timestamp(),
};

const credentialColumns = {
  person_id: c.id(),
  password_hash: c.text(),
  password_changed_at: c.timestamp(),
};

const sessionColumns = {
  token_hash: c.varchar(64).primary(),
  person_id: c.ref(),
  csrf_token: c.varchar(64),
  created_at: c.timestamp(),
  expires_at: c.timestamp(),
};

export type PersonRow = RowOf<typeof personColumns>;
export type CredentialRow = RowOf<typeof credentialColumns>;
export type SessionRow = RowOf<typeof sessionColumns>;

export function personSchemas(dialect: Dialect): EntitySchema[] {
  const ofPerson = references('persons', ['person_id'], { onDelete: 'CASCADE' });
  return [
    new EntitySchema<PersonRow>({
      name: 'Person',
      tableName: 'persons',
      columns: entityColumns(dialect, personColumns),
      uniques: [
        { name: 'uq_persons_unique_id', columns: ['unique_id'] },
        { name: 'uq_persons_email_key', columns: ['email_key'] },
      ],
    }),
    new EntitySchema<CredentialRow>({
      name: 'Credential',
      tableName: 'credentials',
      columns: entityColumns(dialect, credentialColumns),
      foreignKeys: [ofPerson],
    }),
    new EntitySchema<SessionRow>({
      name: 'Session',
      tableName: 'sessions',
      columns: entityColumns(dialect, sessionColumns),
      foreignKeys: [ofPerson],
      indices: [{ name: 'ix_sessions_person', columns: ['person_id'] }],
    }),
  ];
}
