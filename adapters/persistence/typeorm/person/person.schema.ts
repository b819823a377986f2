import { EntitySchema } from 'typeorm';
import { column as c, Dialect, entityColumns, references, RowOf } from '../columns';

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

export type CredentialRow = RowOf<typeof credentialColumns>;
export type SessionRow = RowOf<typeof sessionColumns>;

/** A person's credential and sessions (the person's own table is declared: person.declaration.ts). */
export function personSchemas(dialect: Dialect): EntitySchema[] {
  const ofPerson = references('persons', ['person_id'], { onDelete: 'CASCADE' });
  return [
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
