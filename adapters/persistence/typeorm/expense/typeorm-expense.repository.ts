import { inject, injectable } from 'inversify';
import { ExpenseRepository } from '../../../../application/expense/expense.ports';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { Expense } from '../../../../domain/expense/expense';
import { EXPENSE_DECLARATION } from '../../../declaration/expense/expense.declaration';
import { TypeOrmDeclaredRecords } from '../declared/typeorm-declared.repository';
import { TypeOrmDatabase } from '../engine';

/** Expenses, as their declaration stores them; also answers whether an account or a vendor is in use by one. */
@injectable()
export class TypeOrmExpenseRepository extends TypeOrmDeclaredRecords<Expense> implements ExpenseRepository {
  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase, @inject(SHARED_TOKENS.SecretBox) box: SecretBox) {
    super(db, box, EXPENSE_DECLARATION);
  }

  isAccountUsed(organisationId: string, accountId: string): Promise<boolean> {
    return this.exists(organisationId, 'r.account_id = :accountId', { accountId });
  }

  isVendorUsed(organisationId: string, vendorId: string): Promise<boolean> {
    return this.exists(organisationId, 'r.vendor_id = :vendorId', { vendorId });
  }
}
