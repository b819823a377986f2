import { EntitySchema, MigrationInterface } from 'typeorm';
import { accountSchemas } from './account/account.schema';
import { Dialect } from './columns';
import { contactSchemas } from './contact/contact.schema';
import { expenseSchemas } from './expense/expense.schema';
import { Foundation1763700000000 } from './migrations/1763700000000-foundation';
import { ChartOfAccounts1763700000100 } from './migrations/1763700000100-chart-of-accounts';
import { Expenses1763700000101 } from './migrations/1763700000101-expenses';
import { SalesAndVendors1763700000200 } from './migrations/1763700000200-sales-and-vendors';
import { DefaultPipelines1763700000201 } from './migrations/1763700000201-default-pipelines';
import { Contacts1763700000300 } from './migrations/1763700000300-contacts';
import { Invitations1763700000400 } from './migrations/1763700000400-invitations';
import { ExpenseVendorLink1763700000500 } from './migrations/1763700000500-expense-vendor-link';
import { InvitationDelivery1763700000600 } from './migrations/1763700000600-invitation-delivery';
import { ContactSortKeys1763700000700 } from './migrations/1763700000700-contact-sort-keys';
import { ListOrderIndexes1763700000900 } from './migrations/1763700000900-list-order-indexes';
import { RecordCounts1763700000910 } from './migrations/1763700000910-record-counts';
import { SearchIndexes1763700000920 } from './migrations/1763700000920-search-indexes';
import { EmailNormalisation1763700000930 } from './migrations/1763700000930-email-normalisation';
import { OneOpenInvitation1763700000940 } from './migrations/1763700000940-one-open-invitation';
import { RateLimits1763700000950 } from './migrations/1763700000950-rate-limits';
import { IdempotencyKeys1763700000960 } from './migrations/1763700000960-idempotency-keys';
import { History1763700000970 } from './migrations/1763700000970-history';
import { Pictures1763700000980 } from './migrations/1763700000980-pictures';
import { Webhooks1763700000990 } from './migrations/1763700000990-webhooks';
import { ReportIndexes1763700001000 } from './migrations/1763700001000-report-indexes';
import { RecordCountSlots1763700001010 } from './migrations/1763700001010-record-count-slots';
import { RecordRevisions1763700001020 } from './migrations/1763700001020-record-revisions';
import { HistoryMasking1763700001030 } from './migrations/1763700001030-history-masking';
import { LeadTitleOrder1763700001045 } from './migrations/1763700001045-lead-title-order';
import { invitationSchemas } from './organisation/invitation.schema';
import { organisationSchemas } from './organisation/organisation.schema';
import { personSchemas } from './person/person.schema';
import { salesStageSchemas } from './sales-stage/sales-stage.schema';
import { DECLARED_RESOURCES } from '../../declaration/declared-resources';
import { declaredSchema } from './declared/declared-table';

/** Every area's entity schemas and migrations, in one list each. */
export function entitySchemas(dialect: Dialect): EntitySchema[] {
  return [
    ...personSchemas(dialect),
    ...organisationSchemas(dialect),
    ...invitationSchemas(dialect),
    ...accountSchemas(dialect),
    ...expenseSchemas(dialect),
    ...salesStageSchemas(dialect),
    ...DECLARED_RESOURCES.map((declaration) => declaredSchema(declaration, dialect)),
    ...contactSchemas(dialect),
  ];
}

export const migrations: (new () => MigrationInterface)[] = [
  Foundation1763700000000,
  ChartOfAccounts1763700000100,
  Expenses1763700000101,
  SalesAndVendors1763700000200,
  DefaultPipelines1763700000201,
  Contacts1763700000300,
  Invitations1763700000400,
  ExpenseVendorLink1763700000500,
  InvitationDelivery1763700000600,
  ContactSortKeys1763700000700,
  ListOrderIndexes1763700000900,
  RecordCounts1763700000910,
  SearchIndexes1763700000920,
  EmailNormalisation1763700000930,
  OneOpenInvitation1763700000940,
  RateLimits1763700000950,
  IdempotencyKeys1763700000960,
  History1763700000970,
  Pictures1763700000980,
  Webhooks1763700000990,
  ReportIndexes1763700001000,
  RecordCountSlots1763700001010,
  RecordRevisions1763700001020,
  HistoryMasking1763700001030,
  LeadTitleOrder1763700001045,
];
