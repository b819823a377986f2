import { EntitySchema, MigrationInterface } from 'typeorm';
import { Dialect } from './columns';
import { Foundation1763700000000 } from './migrations/1763700000000-foundation';
import { SalesAndVendors1763700000200 } from './migrations/1763700000200-sales-and-vendors';
import { DefaultPipelines1763700000201 } from './migrations/1763700000201-default-pipelines';
import { organisationSchemas } from './organisation/organisation.schema';
import { personSchemas } from './person/person.schema';
import { clientSchemas } from './client/client.schema';
import { leadSchemas } from './lead/lead.schema';
import { salesStageSchemas } from './sales-stage/sales-stage.schema';
import { vendorSchemas } from './vendor/vendor.schema';

/** Every area's entity schemas and migrations, in one list each. */
export function entitySchemas(dialect: Dialect): EntitySchema[] {
  return [
    ...personSchemas(dialect),
    ...organisationSchemas(dialect),
    ...salesStageSchemas(dialect),
    ...clientSchemas(dialect),
    ...leadSchemas(dialect),
    ...vendorSchemas(dialect),
  ];
}

export const migrations: (new () => MigrationInterface)[] = [
  Foundation1763700000000,
  SalesAndVendors1763700000200,
  DefaultPipelines1763700000201,
];
