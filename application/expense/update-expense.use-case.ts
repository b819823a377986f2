import { inject, injectable } from 'inversify';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { ExpenseAccess } from './expense-access';
import { detailsOf, ExpenseCommand } from './expense-command';
import { ExpenseReferences } from './expense-references';
import { expenseUniqueFields } from './expense-uniqueness';
import { assertUnique } from '../shared/uniqueness';
import { ExpenseView, ExpenseViews } from './expense-views';
import { EXPENSE_TOKENS, ExpenseRepository } from './expense.ports';
import { ReceiptFiles } from './receipt-files';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';

/**
 * PUT and PATCH by any member, while the expense is a draft or rejected (else
 * 409 locked); the command carries only the fields the client sent.
 */
@injectable()
export class UpdateExpense {
  constructor(
    @inject(OrganisationAccess) private readonly organisations: OrganisationAccess,
    @inject(ExpenseAccess) private readonly access: ExpenseAccess,
    @inject(EXPENSE_TOKENS.ExpenseRepository) private readonly expenses: ExpenseRepository,
    @inject(ExpenseReferences) private readonly references: ExpenseReferences,
    @inject(ReceiptFiles) private readonly receipts: ReceiptFiles,
    @inject(ExpenseViews) private readonly views: ExpenseViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
  ) {}

  async execute(
    actor: Actor,
    organisationUniqueId: string,
    expenseUniqueId: string,
    command: ExpenseCommand,
  ): Promise<ExpenseView> {
    const { organisation } = await this.organisations.authorise(actor, organisationUniqueId, 'expenses.update');
    const lockDate = organisation.financialYearLockDate;
    const { view, unreferenced } = await this.receipts.storedFor(organisation.id, command.receipt, (receipt) =>
      this.unitOfWork.transaction(async () => {
        const expense = await this.access.find(organisation.id, expenseUniqueId, { forUpdate: true });
        expense.assertEditable(lockDate);
        const { found, ...references } = await this.references.resolve(organisation.id, command, expense);
        await assertUnique(expenseUniqueFields(this.expenses, organisation.id, { expenseNumber: command.expenseNumber }, expense.id));
        const previous = expense.receipt;
        expense.edit(Object.assign({}, detailsOf(command), references, { uniqueId: command.uniqueId, receipt }), this.clock.now(), lockDate);
        await this.expenses.save(expense);
        const view = await this.views.one(organisation, expense, found);
        await this.events.publish({ organisation, type: 'expense.updated', recordId: expense.id, subject: { model: 'expense', view } });
        return { view, unreferenced: receipt === undefined ? null : previous };
      }),
    );
    await this.receipts.discard(unreferenced);
    return view;
  }
}
