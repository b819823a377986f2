import { Account, AccountType } from '../../../../domain/account/account';
import { AccountRow } from './account.schema';

export const AccountMapper = {
  toDomain(row: AccountRow): Account {
    return Account.restore({
      id: row.id,
      uniqueId: row.unique_id,
      organisationId: row.organisation_id,
      accountCode: row.account_code,
      name: row.name,
      accountType: row.account_type as AccountType,
      description: row.description,
      isActive: row.is_active,
      dateCreated: row.date_created,
      lastUpdated: row.last_updated,
    });
  },

  toPersistence(account: Account): AccountRow {
    const s = account.snapshot();
    return {
      id: s.id,
      unique_id: s.uniqueId,
      organisation_id: s.organisationId,
      account_code: s.accountCode,
      name: s.name,
      account_type: s.accountType,
      description: s.description,
      is_active: s.isActive,
      date_created: s.dateCreated,
      last_updated: s.lastUpdated,
    };
  },
};
