import { inject, injectable } from 'inversify';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import {
  ACCOUNT_CODE_TAKEN,
  ACCOUNT_IN_USE,
  AccountFilters,
  AccountListQuery,
  AccountOrderingField,
  AccountRepository,
} from '../../../../application/account/account.ports';
import { Page } from '../../../../application/shared/page';
import { Account } from '../../../../domain/account/account';
import { TypeOrmDatabase } from '../database';
import { OrganisationRecords, SortKey } from '../organisation-records';
import { AccountMapper } from './account.mapper';
import { AccountRow } from './account.schema';

const SORT_KEYS: Record<AccountOrderingField, SortKey> = {
  accountCode: { column: 'account_code' },
  name: { column: 'name' },
  accountType: { column: 'account_type' },
};

/** The chart of accounts; an account that expenses book to is kept by their foreign key (409 `in_use`). */
@injectable()
export class TypeOrmAccountRepository implements AccountRepository {
  private readonly records: OrganisationRecords<AccountRow, Account>;

  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase) {
    this.records = new OrganisationRecords(db, 'Account', AccountMapper, {
      model: 'account',
      inUse: ACCOUNT_IN_USE,
      unique: [{ column: 'account_code', field: 'account_code', message: ACCOUNT_CODE_TAKEN }],
    });
  }

  findByUniqueId(organisationId: string, uniqueId: string): Promise<Account | null> {
    return this.records.findByUniqueId(organisationId, uniqueId);
  }

  findByIds(organisationId: string, ids: string[]): Promise<Account[]> {
    return this.records.findByIds(organisationId, ids);
  }

  list(organisationId: string, query: AccountListQuery): Promise<Page<Account>> {
    const { field, descending } = query.ordering;
    return this.records.page((m) => this.filtered(m, organisationId, query.filters), SORT_KEYS[field], descending, query.page);
  }

  existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean> {
    return this.records.exists(organisationId, 'r.unique_id = :uniqueId', { uniqueId });
  }

  existsWithCode(organisationId: string, accountCode: string, exceptId?: string): Promise<boolean> {
    const other = exceptId === undefined ? '' : ' AND r.id <> :exceptId';
    return this.records.exists(organisationId, `r.account_code = :accountCode${other}`, { accountCode, exceptId });
  }

  save(account: Account): Promise<void> {
    return this.records.save(account);
  }

  addAll(accounts: Account[]): Promise<void> {
    return this.records.addAll(accounts);
  }

  delete(account: Account): Promise<void> {
    return this.records.delete(account.id);
  }

  private filtered(m: EntityManager, organisationId: string, filters: AccountFilters): SelectQueryBuilder<AccountRow> {
    const query = this.records.select(m, organisationId);
    if (filters.accountType !== undefined) query.andWhere('r.account_type = :accountType', { accountType: filters.accountType });
    if (filters.isActive !== undefined) query.andWhere('r.is_active = :isActive', { isActive: filters.isActive });
    return query;
  }
}
