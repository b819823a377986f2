import { inject, injectable } from 'inversify';
import {
  ACCOUNT_CODE_TAKEN,
  ACCOUNT_IN_USE,
  AccountFilters,
  AccountOrderingField,
  AccountRepository,
} from '../../../../application/account/account.ports';
import { Account } from '../../../../domain/account/account';
import { Conditions, TypeOrmDatabase } from '../engine';
import { OrganisationRecords } from '../organisation-records';
import { AccountMapper } from './account.mapper';
import { AccountRow } from './account.schema';

/** The chart of accounts; an account that expenses book to is kept by their foreign key (409 `in_use`). */
@injectable()
export class TypeOrmAccountRepository
  extends OrganisationRecords<AccountRow, Account, AccountFilters, AccountOrderingField>
  implements AccountRepository
{
  protected readonly table = {
    entity: 'Account',
    mapper: AccountMapper,
    model: 'account',
    inUse: ACCOUNT_IN_USE,
    unique: [{ column: 'account_code', field: 'account_code', message: ACCOUNT_CODE_TAKEN }],
    sortKeys: { accountCode: { column: 'account_code' }, name: { column: 'name' }, accountType: { column: 'account_type' } },
  };

  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase) {
    super(db);
  }

  existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean> {
    return this.exists(organisationId, 'r.unique_id = :uniqueId', { uniqueId });
  }

  existsWithCode(organisationId: string, accountCode: string, exceptId?: string): Promise<boolean> {
    const other = exceptId === undefined ? '' : ' AND r.id <> :exceptId';
    return this.exists(organisationId, `r.account_code = :accountCode${other}`, { accountCode, exceptId });
  }

  protected override filtered(query: Conditions, filters: AccountFilters): Conditions {
    if (filters.accountType !== undefined) query.andWhere('r.account_type = :accountType', { accountType: filters.accountType });
    if (filters.isActive !== undefined) query.andWhere('r.is_active = :isActive', { isActive: filters.isActive });
    return query;
  }
}
