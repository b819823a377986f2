import { ACCOUNT_CODE_TAKEN, AccountFilters, AccountOrderingField, AccountRepository } from '../../../application/account/account.ports';
import { Account, AccountSnapshot } from '../../../domain/account/account';
import { InMemoryRecords } from './in-memory-records';

/** Within one transaction at a time (InMemoryUnitOfWork), so usage checks need no foreign key here. */
export class InMemoryAccountRepository
  extends InMemoryRecords<AccountSnapshot, Account, AccountFilters, AccountOrderingField>
  implements AccountRepository
{
  protected readonly collection = {
    restore: Account.restore,
    model: 'account',
    unique: [{ of: (s: AccountSnapshot) => s.accountCode, field: 'account_code', message: ACCOUNT_CODE_TAKEN }],
    sortKeys: {
      accountCode: (s: AccountSnapshot) => s.accountCode,
      name: (s: AccountSnapshot) => s.name,
      accountType: (s: AccountSnapshot) => s.accountType,
    },
  };

  async existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean> {
    return this.exists(organisationId, (s) => s.uniqueId === uniqueId);
  }

  async existsWithCode(organisationId: string, accountCode: string, exceptId?: string): Promise<boolean> {
    return this.exists(organisationId, (s) => s.accountCode === accountCode && s.id !== exceptId);
  }

  protected override matches(s: AccountSnapshot, filters: AccountFilters): boolean {
    return (
      (filters.accountType === undefined || s.accountType === filters.accountType) &&
      (filters.isActive === undefined || s.isActive === filters.isActive)
    );
  }
}
