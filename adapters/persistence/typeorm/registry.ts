import { EntitySchema, MigrationInterface } from 'typeorm';
import { Dialect } from './columns';
import { Foundation1763700000000 } from './migrations/1763700000000-foundation';
import { ChartOfAccounts1763700000100 } from './migrations/1763700000100-chart-of-accounts';
import { Expenses1763700000101 } from './migrations/1763700000101-expenses';
import { accountSchemas } from './account/account.schema';
import { expenseSchemas } from './expense/expense.schema';
import { organisationSchemas } from './organisation/organisation.schema';
import { personSchemas } from './person/person.schema';

/** Every area's entity schemas and migrations, in one list each. */
export function entitySchemas(dialect: Dialect): EntitySchema[] {
  return [...personSchemas(dialect), ...organisationSchemas(dialect), ...accountSchemas(dialect), ...expenseSchemas(dialect)];
}

export const migrations: (new () => MigrationInterface)[] = [Foundation1763700000000, ChartOfAccounts1763700000100, Expenses1763700000101];
