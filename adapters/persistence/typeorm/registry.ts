import { EntitySchema, MigrationInterface } from 'typeorm';
import { Dialect } from './columns';
import { contactSchemas } from './contact/contact.schema';
import { Foundation1763700000000 } from './migrations/1763700000000-foundation';
import { Contacts1763700000300 } from './migrations/1763700000300-contacts';
import { Invitations1763700000400 } from './migrations/1763700000400-invitations';
import { invitationSchemas } from './organisation/invitation.schema';
import { organisationSchemas } from './organisation/organisation.schema';
import { personSchemas } from './person/person.schema';

/** Every area's entity schemas and migrations, in one list each. */
export function entitySchemas(dialect: Dialect): EntitySchema[] {
  return [...personSchemas(dialect), ...organisationSchemas(dialect), ...invitationSchemas(dialect), ...contactSchemas(dialect)];
}

export const migrations: (new () => MigrationInterface)[] = [Foundation1763700000000, Contacts1763700000300, Invitations1763700000400];
