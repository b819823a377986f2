import { ACCOUNT_IN_USE } from '../../../application/account/account.ports';
import { Account, ACCOUNT_CODE_MAX_LENGTH, ACCOUNT_NAME_MAX_LENGTH, ACCOUNT_TYPES, AccountSnapshot } from '../../../domain/account/account';
import { fieldsOf } from '../declared-field';
import { declareResource } from '../resource-declaration';

const f = fieldsOf<AccountSnapshot>();

/** `/organisation/{uid}/accounts/` (contract section 5): the chart of accounts, with the fields the contract lists and no dates. */
export const ACCOUNT_DECLARATION = declareResource<AccountSnapshot>()({
  names: { one: 'account', many: 'accounts' },
  schemaName: 'Account',
  tagDescription: 'The chart of accounts expenses are booked to.',
  // The chart of accounts is what expenses are booked against.
  keyArea: 'expenses',
  tagAfter: 'Expenses',
  table: 'accounts',
  restore: Account.restore,
  defaultOrdering: 'account_code',
  fields: [
    f.uniqueId(),
    // Codes and names sort byte by byte on Postgres too, as they do on SQLite.
    f.text('accountCode', { max: ACCOUNT_CODE_MAX_LENGTH, required: true, bytewise: true, ordering: true }),
    f.text('name', { max: ACCOUNT_NAME_MAX_LENGTH, required: true, bytewise: true, ordering: true }),
    f.choice('accountType', ACCOUNT_TYPES, { required: true, filter: 'account_type', ordering: true }),
    f.text('description', { nullable: true }),
    f.boolean('isActive', { filter: 'is_active', default: true }),
    f.timestamp('dateCreated', { internal: true }),
    f.timestamp('lastUpdated', { internal: true }),
  ],
  storage: {
    inUse: ACCOUNT_IN_USE,
    uniques: [
      { name: 'uq_accounts_code', columns: ['organisation_id', 'account_code'] },
      // The target of the expenses' (organisation_id, account_id) foreign key.
      { name: 'uq_accounts_organisation_id', columns: ['organisation_id', 'id'] },
    ],
  },
});
