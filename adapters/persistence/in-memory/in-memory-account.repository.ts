import {
  ACCOUNT_CODE_TAKEN,
  ACCOUNT_UNIQUE_ID_TAKEN,
  AccountFilter,
  AccountOrderField,
  AccountRepository,
} from '../../../application/account/account.ports';
import { Ordering, Page, PageRequest } from '../../../application/shared/page';
import { Account, AccountSnapshot } from '../../../domain/account/account';
import { ValidationFailed } from '../../../domain/shared/errors';
import { compareValues, pageOf } from './in-memory-page';

/** Within one transaction at a time (InMemoryUnitOfWork), so usage checks need no foreign key here. */
export class InMemoryAccountRepository implements AccountRepository {
  private readonly rows = new Map<string, AccountSnapshot>();

  async findByUniqueId(organisationId: string, uniqueId: string): Promise<Account | null> {
    const row = this.inOrganisation(organisationId).find((a) => a.uniqueId === uniqueId);
    return row ? Account.restore(row) : null;
  }

  async findByIds(organisationId: string, ids: string[]): Promise<Account[]> {
    return this.inOrganisation(organisationId)
      .filter((a) => ids.includes(a.id))
      .map((row) => Account.restore(row));
  }

  async list(
    organisationId: string,
    filter: AccountFilter,
    ordering: Ordering<AccountOrderField>,
    page: PageRequest,
  ): Promise<Page<Account>> {
    const matching = this.inOrganisation(organisationId).filter(
      (a) =>
        (filter.accountType === undefined || a.accountType === filter.accountType) &&
        (filter.isActive === undefined || a.isActive === filter.isActive),
    );
    const found = pageOf(matching, (a, b) => compareValues(a[ordering.field], b[ordering.field]), ordering.descending, page);
    return { items: found.items.map((row) => Account.restore(row)), total: found.total };
  }

  async existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean> {
    return this.inOrganisation(organisationId).some((a) => a.uniqueId === uniqueId);
  }

  async existsWithCode(organisationId: string, accountCode: string, exceptId?: string): Promise<boolean> {
    return this.inOrganisation(organisationId).some((a) => a.accountCode === accountCode && a.id !== exceptId);
  }

  async save(account: Account): Promise<void> {
    const row = account.snapshot();
    const others = this.inOrganisation(row.organisationId).filter((a) => a.id !== row.id);
    if (others.some((a) => a.accountCode === row.accountCode)) throw ValidationFailed.field('account_code', ACCOUNT_CODE_TAKEN);
    if (others.some((a) => a.uniqueId === row.uniqueId)) throw ValidationFailed.field('unique_id', ACCOUNT_UNIQUE_ID_TAKEN);
    this.rows.set(row.id, row);
  }

  async addAll(accounts: Account[]): Promise<void> {
    for (const account of accounts) await this.save(account);
  }

  async delete(account: Account): Promise<void> {
    this.rows.delete(account.id);
  }

  private inOrganisation(organisationId: string): AccountSnapshot[] {
    return [...this.rows.values()].filter((a) => a.organisationId === organisationId);
  }
}
