import { inject, injectable } from 'inversify';
import { EntityManager, In, Not } from 'typeorm';
import {
  ACCOUNT_CODE_TAKEN,
  ACCOUNT_IN_USE,
  ACCOUNT_UNIQUE_ID_TAKEN,
  AccountFilter,
  AccountOrderField,
  AccountRepository,
} from '../../../../application/account/account.ports';
import { Ordering, Page, PageRequest } from '../../../../application/shared/page';
import { Account } from '../../../../domain/account/account';
import { InUse, ValidationFailed } from '../../../../domain/shared/errors';
import { isForeignKeyViolation, isUniqueViolation, TypeOrmDatabase } from '../database';
import { orderedPage } from '../ordered-page';
import { AccountMapper } from './account.mapper';
import { AccountRow } from './account.schema';

const COLUMNS: Record<AccountOrderField, keyof AccountRow> = {
  accountCode: 'account_code',
  name: 'name',
  accountType: 'account_type',
};

@injectable()
export class TypeOrmAccountRepository implements AccountRepository {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async findByUniqueId(organisationId: string, uniqueId: string): Promise<Account | null> {
    const row = await this.db.run((m) => this.rows(m).findOneBy({ organisation_id: organisationId, unique_id: uniqueId }));
    return row ? AccountMapper.toDomain(row) : null;
  }

  async findByIds(organisationId: string, ids: string[]): Promise<Account[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.run((m) => this.rows(m).findBy({ organisation_id: organisationId, id: In(ids) }));
    return rows.map(AccountMapper.toDomain);
  }

  async list(
    organisationId: string,
    filter: AccountFilter,
    ordering: Ordering<AccountOrderField>,
    page: PageRequest,
  ): Promise<Page<Account>> {
    const { items: rows, total } = await this.db.run((m) => {
      const query = this.rows(m).createQueryBuilder('a').where('a.organisation_id = :organisationId', { organisationId });
      if (filter.accountType !== undefined) query.andWhere('a.account_type = :accountType', { accountType: filter.accountType });
      if (filter.isActive !== undefined) query.andWhere('a.is_active = :isActive', { isActive: filter.isActive });
      return orderedPage(query, { column: COLUMNS[ordering.field] }, ordering.descending, page);
    });
    return { items: rows.map(AccountMapper.toDomain), total };
  }

  existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean> {
    return this.db.run((m) => this.rows(m).existsBy({ organisation_id: organisationId, unique_id: uniqueId }));
  }

  existsWithCode(organisationId: string, accountCode: string, exceptId?: string): Promise<boolean> {
    return this.db.run((m) =>
      this.rows(m).existsBy({
        organisation_id: organisationId,
        account_code: accountCode,
        ...(exceptId === undefined ? {} : { id: Not(exceptId) }),
      }),
    );
  }

  async save(account: Account): Promise<void> {
    try {
      await this.db.run((m) => this.rows(m).save(AccountMapper.toPersistence(account)));
    } catch (error) {
      if (isUniqueViolation(error, 'account_code')) throw ValidationFailed.field('account_code', ACCOUNT_CODE_TAKEN);
      if (isUniqueViolation(error, 'unique_id')) throw ValidationFailed.field('unique_id', ACCOUNT_UNIQUE_ID_TAKEN);
      throw error;
    }
  }

  async addAll(accounts: Account[]): Promise<void> {
    if (accounts.length === 0) return;
    await this.db.run((m) => this.rows(m).insert(accounts.map(AccountMapper.toPersistence)));
  }

  async delete(account: Account): Promise<void> {
    try {
      await this.db.run((m) => this.rows(m).delete({ id: account.id }));
    } catch (error) {
      // The foreign key from expenses decides when a booking raced the usage check.
      if (isForeignKeyViolation(error)) throw new InUse(ACCOUNT_IN_USE);
      throw error;
    }
  }

  private rows(m: EntityManager) {
    return m.getRepository<AccountRow>('Account');
  }
}
