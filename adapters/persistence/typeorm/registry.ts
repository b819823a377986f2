import { EntitySchema, MigrationInterface } from 'typeorm';
import { clientSchemas } from './client/client.schema';
import { Dialect } from './columns';
import { contactSchemas } from './contact/contact.schema';
import { leadSchemas } from './lead/lead.schema';
import { Foundation1763700000000 } from './migrations/1763700000000-foundation';
import { SalesAndVendors1763700000200 } from './migrations/1763700000200-sales-and-vendors';
import { DefaultPipelines1763700000201 } from './migrations/1763700000201-default-pipelines';
import { Contacts1763700000300 } from './migrations/1763700000300-contacts';
import { Invitations1763700000400 } from './migrations/1763700000400-invitations';
import { invitationSchemas } from './organisation/invitation.schema';
import { organisationSchemas } from './organisation/organisation.schema';
import { personSchemas } from './person/person.schema';
import { salesStageSchemas } from './sales-stage/sales-stage.schema';
import { vendorSchemas } from './vendor/vendor.schema';

/** Every area's entity schemas and migrations, in one list each. */
export function entitySchemas(dialect: Dialect): EntitySchema[] {
  return [
    ...personSchemas(dialect),
    ...organisationSchemas(dialect),
    ...invitationSchemas(dialect),
    ...salesStageSchemas(dialect),
    ...clientSchemas(dialect),
    ...leadSchemas(dialect),
    ...vendorSchemas(dialect),
    ...contactSchemas(dialect),
  ];
}

export const migrations: (new () => MigrationInterface)[] = [
  Foundation1763700000000,
  SalesAndVendors1763700000200,
  DefaultPipelines1763700000201,
  Contacts1763700000300,
  Invitations1763700000400,
];
