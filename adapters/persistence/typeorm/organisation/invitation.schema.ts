import { EntitySchema } from 'typeorm';
import { column as c, Dialect, entityColumns, organisationKey, references, RowOf } from '../columns';

const invitationColumns = {
  id: c.id(),
  unique_id: c.varchar(100),
  organisation_id: c.ref(),
  email: c.varchar(254),
  role: c.varchar(10),
  /** Only a hash of the token is stored. */
  token_hash: c.varchar(64),
  invited_by_id: c.ref(),
  expires_at: c.timestamp(),
  accepted_at: c.timestamp().nullable(),
  accepted_by_id: c.ref().nullable(),
  date_created: c.timestamp(),
  /** When the e-mail last went out; null: not yet, or sending failed. Added by a later migration, hence last in the table. */
  sent_at: c.timestamp().nullable(),
  /** The address as accounts are matched (domain/person/email-address.ts); one open invitation each. */
  email_key: c.varchar(254).withDefault("''"),
};

export type InvitationRow = RowOf<typeof invitationColumns>;

export function invitationSchemas(dialect: Dialect): EntitySchema[] {
  return [
    new EntitySchema<InvitationRow>({
      name: 'Invitation',
      tableName: 'invitations',
      columns: entityColumns(dialect, invitationColumns),
      uniques: [{ name: 'uq_invitations_token_hash', columns: ['token_hash'] }],
      foreignKeys: [organisationKey(), references('persons', ['invited_by_id'])],
      indices: [
        { name: 'ix_invitations_organisation', columns: ['organisation_id', 'date_created'] },
        // A unique index (added by a later migration), where the other tables have a unique constraint.
        { name: 'uq_invitations_unique_id', columns: ['organisation_id', 'unique_id'], unique: true },
        { name: 'uq_invitations_open_email', columns: ['organisation_id', 'email_key'], unique: true, where: 'accepted_at IS NULL' },
      ],
    }),
  ];
}
