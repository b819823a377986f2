import { EntitySchema } from 'typeorm';
import { columnsFor, Dialect } from '../columns';

export interface InvitationRow {
  id: string;
  unique_id: string;
  organisation_id: string;
  email: string;
  role: string;
  token_hash: string;
  invited_by_id: string;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by_id: string | null;
  sent_at: Date | null;
  date_created: Date;
}

export function invitationSchemas(dialect: Dialect): EntitySchema[] {
  const c = columnsFor(dialect);
  return [
    new EntitySchema<InvitationRow>({
      name: 'Invitation',
      tableName: 'invitations',
      columns: {
        id: c.id(),
        unique_id: c.text(100, false),
        organisation_id: c.ref(),
        email: c.text(254, false),
        role: c.text(10, false),
        token_hash: c.text(64, false),
        invited_by_id: c.ref(),
        expires_at: c.timestamp(),
        accepted_at: c.timestamp(true),
        accepted_by_id: c.ref(true),
        sent_at: c.timestamp(true),
        date_created: c.timestamp(),
      },
    }),
  ];
}
