import { ContainerModule } from 'inversify';
import { ExpenseController } from '../../adapters/http/expense/expense.controller';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { InMemoryExpenseRepository } from '../../adapters/persistence/in-memory/in-memory-expense.repository';
import { TypeOrmExpenseRepository } from '../../adapters/persistence/typeorm/expense/typeorm-expense.repository';
import { ACCOUNT_TOKENS } from '../../application/account/account.ports';
import { EXPENSE_TOKENS } from '../../application/expense/expense.ports';
import { ExpensesAsVendorReferences, VendorsAsExpenseDirectory } from '../../application/expense/vendor-links';
import { VENDOR_TOKENS } from '../../application/supplier/vendor.kind';
import { Storage } from './storage';

/** Expenses and the vendors they may name (their receipts: fileStorageModule). */
export function expenseModule(storage: Storage): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (storage.kind === 'typeorm') {
      bind(EXPENSE_TOKENS.ExpenseRepository).to(TypeOrmExpenseRepository).inSingletonScope();
    } else {
      bind(EXPENSE_TOKENS.ExpenseRepository).toConstantValue(new InMemoryExpenseRepository());
    }
    // Expenses name the organisation's vendors, and a vendor they name cannot be deleted.
    bind(EXPENSE_TOKENS.ExpenseVendorDirectory).to(VendorsAsExpenseDirectory).inSingletonScope();
    bind(VENDOR_TOKENS.VendorReferences).to(ExpensesAsVendorReferences).inSingletonScope();
    // Expenses book to accounts: an account they use cannot be deleted.
    bind(ACCOUNT_TOKENS.AccountUsage).toService(EXPENSE_TOKENS.ExpenseRepository);
    bind(HTTP_TOKENS.Controller).to(ExpenseController).inSingletonScope();
  });
}
