import { ACCOUNT_CODE_TAKEN, AccountListQuery, AccountOrderingField, AccountRepository } from '../../../application/account/account.ports';
import { Page } from '../../../application/shared/page';
import { Account, AccountSnapshot } from '../../../domain/account/account';
import { InMemoryRecords, SortValue } from './in-memory-records';

const SORT_KEYS: Record<AccountOrderingField, (s: AccountSnapshot) => SortValue> = {
  accountCode: (s) => s.accountCode,
  name: (s) => s.name,
  accountType: (s) => s.accountType,
};

/** Within one transaction at a time (InMemoryUnitOfWork), so usage checks need no foreign key here. */
export class InMemoryAccountRepository implements AccountRepository {
  private readonly records = new InMemoryRecords<AccountSnapshot, Account>(Account.restore, 'account', [
    { of: (s) => s.accountCode, field: 'account_code', message: ACCOUNT_CODE_TAKEN },
  ]);

  async findByUniqueId(organisationId: string, uniqueId: string): Promise<Account | null> {
    return this.records.findByUniqueId(organisationId, uniqueId);
  }

  async findByIds(organisationId: string, ids: string[]): Promise<Account[]> {
    return this.records.findByIds(organisationId, ids);
  }

  async list(organisationId: string, query: AccountListQuery): Promise<Page<Account>> {
    const { accountType, isActive } = query.filters;
    const rows = this.records
      .of(organisationId)
      .filter((s) => accountType === undefined || s.accountType === accountType)
      .filter((s) => isActive === undefined || s.isActive === isActive);
    return this.records.page(rows, SORT_KEYS[query.ordering.field], query.ordering.descending, query.page);
  }

  async existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean> {
    return this.records.exists(organisationId, (s) => s.uniqueId === uniqueId);
  }

  async existsWithCode(organisationId: string, accountCode: string, exceptId?: string): Promise<boolean> {
    return this.records.exists(organisationId, (s) => s.accountCode === accountCode && s.id !== exceptId);
  }

  async save(account: Account): Promise<void> {
    this.records.save(account);
  }

  async addAll(accounts: Account[]): Promise<void> {
    this.records.addAll(accounts);
  }

  async delete(account: Account): Promise<void> {
    this.records.delete(account.id);
  }
}
