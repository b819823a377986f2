import { ContainerModule } from 'inversify';
import { EXPENSE_DECLARATION } from '../../adapters/declaration/expense/expense.declaration';
import { ExpenseController } from '../../adapters/http/expense/expense.controller';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { InMemoryExpenseRepository } from '../../adapters/persistence/in-memory/in-memory-expense.repository';
import { TypeOrmExpenseRepository } from '../../adapters/persistence/typeorm/expense/typeorm-expense.repository';
import { ACCOUNT_TOKENS } from '../../application/account/account.ports';
import { expenseKind } from '../../application/expense/expense.kind';
import { EXPENSE_TOKENS } from '../../application/expense/expense.ports';
import { ReceiptFiles } from '../../application/expense/receipt-files';
import { ExpensesAsVendorReferences, VendorsAsExpenseDirectory } from '../../application/expense/vendor-links';
import { PERSON_TOKENS } from '../../application/person/person.ports';
import { PROJECT_TOKENS } from '../../application/project/project.kind';
import { VENDOR_TOKENS } from '../../application/supplier/vendor.kind';
import { declaredResourceModule } from './declared-resource.module';
import { Storage } from './storage';

/** Expenses, declared, with their actions and receipts, and the vendors they may name (their receipts' storage: fileStorageModule). */
export function expenseModule(storage: Storage): ContainerModule {
  return declaredResourceModule(
    storage,
    {
      declaration: EXPENSE_DECLARATION,
      kind: (context) =>
        expenseKind(
          {
            accounts: context.get(ACCOUNT_TOKENS.AccountRepository),
            vendors: context.get(EXPENSE_TOKENS.ExpenseVendorDirectory),
            people: context.get(PERSON_TOKENS.PersonRepository),
            projects: context.get(PROJECT_TOKENS.ProjectRepository),
          },
          context.get(ReceiptFiles),
        ),
      repositoryToken: EXPENSE_TOKENS.ExpenseRepository,
      repositories: { typeorm: TypeOrmExpenseRepository, memory: () => new InMemoryExpenseRepository() },
    },
    ({ bind }) => {
      // Expenses name the organisation's vendors, and a vendor they name cannot be deleted.
      bind(EXPENSE_TOKENS.ExpenseVendorDirectory).to(VendorsAsExpenseDirectory).inSingletonScope();
      bind(VENDOR_TOKENS.VendorReferences).to(ExpensesAsVendorReferences).inSingletonScope();
      // Expenses book to accounts: an account they use cannot be deleted.
      bind(ACCOUNT_TOKENS.AccountUsage).toService(EXPENSE_TOKENS.ExpenseRepository);
      // The actions that move an expense along its workflow, and its receipt's download.
      bind(HTTP_TOKENS.Controller).to(ExpenseController).inSingletonScope();
    },
  );
}
