import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { ExpenseAccess } from './expense-access';
import { EXPENSE_TOKENS, ExpenseRepository } from './expense.ports';
import { ReceiptFiles } from './receipt-files';
import { ExpenseViews } from './expense-views';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';

/** Any member deletes a draft or rejected expense (else 409 locked); its receipt goes with it. */
@injectable()
export class DeleteExpense {
  constructor(
    @inject(ExpenseAccess) private readonly access: ExpenseAccess,
    @inject(EXPENSE_TOKENS.ExpenseRepository) private readonly expenses: ExpenseRepository,
    @inject(ReceiptFiles) private readonly receipts: ReceiptFiles,
    @inject(ExpenseViews) private readonly views: ExpenseViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, expenseUniqueId: string): Promise<void> {
    const receipt = await this.unitOfWork.transaction(async () => {
      const { organisation, expense } = await this.access.authorise(actor, organisationUniqueId, expenseUniqueId, 'expenses.delete', {
        forUpdate: true,
      });
      expense.assertDeletable(organisation.financialYearLockDate);
      const view = await this.views.one(organisation, expense);
      await this.expenses.delete(expense);
      await this.events.publish({ organisation, type: 'expense.deleted', recordId: expense.id, subject: { model: 'expense', view } });
      return expense.receipt;
    });
    await this.receipts.discard(receipt);
  }
}
