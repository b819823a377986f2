import { ContainerModule } from 'inversify';
import { LocalDiskReceiptStorage } from '../../adapters/file-storage/local-disk-receipt-storage';
import { InMemoryReceiptStorage } from '../../adapters/file-storage/in-memory-receipt-storage';
import { ExpenseController } from '../../adapters/http/expense/expense.controller';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { InMemoryExpenseVendorDirectory } from '../../adapters/persistence/in-memory/in-memory-expense-vendor-directory';
import { InMemoryExpenseRepository } from '../../adapters/persistence/in-memory/in-memory-expense.repository';
import { TypeOrmExpenseRepository } from '../../adapters/persistence/typeorm/expense/typeorm-expense.repository';
import { ACCOUNT_TOKENS } from '../../application/account/account.ports';
import { EXPENSE_TOKENS } from '../../application/expense/expense.ports';
import { AppConfig } from '../config';
import { Storage } from './storage';

/** Expenses, their receipts, and the vendors they may name. */
export function expenseModule(storage: Storage, config: AppConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (storage.kind === 'typeorm') {
      bind(EXPENSE_TOKENS.ExpenseRepository).to(TypeOrmExpenseRepository).inSingletonScope();
      bind(EXPENSE_TOKENS.ReceiptStorage).toConstantValue(new LocalDiskReceiptStorage(config.dataDir));
    } else {
      bind(EXPENSE_TOKENS.ExpenseRepository).toConstantValue(new InMemoryExpenseRepository());
      bind(EXPENSE_TOKENS.ReceiptStorage).toConstantValue(new InMemoryReceiptStorage());
    }
    // Until the vendor area's repository implements ExpenseVendorDirectory: no vendor is known.
    bind(EXPENSE_TOKENS.ExpenseVendorDirectory).toConstantValue(new InMemoryExpenseVendorDirectory());
    // Expenses book to accounts: an account they use cannot be deleted.
    bind(ACCOUNT_TOKENS.AccountUsage).toService(EXPENSE_TOKENS.ExpenseRepository);
    bind(HTTP_TOKENS.Controller).to(ExpenseController).inSingletonScope();
  });
}
