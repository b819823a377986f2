import { inject, injectable } from 'inversify';
import { Expense } from '../../domain/expense/expense';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, IdGenerator, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { detailsOf, NewExpenseCommand } from './expense-command';
import { ExpenseReferences } from './expense-references';
import { expenseUniqueFields } from './expense-uniqueness';
import { createUnique } from '../shared/uniqueness';
import { ExpenseView, ExpenseViews } from './expense-views';
import { EXPENSE_TOKENS, ExpenseRepository } from './expense.ports';
import { ReceiptFiles } from './receipt-files';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';

/** Any member records an expense, as a draft or straight for approval. */
@injectable()
export class CreateExpense {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(EXPENSE_TOKENS.ExpenseRepository) private readonly expenses: ExpenseRepository,
    @inject(ExpenseReferences) private readonly references: ExpenseReferences,
    @inject(ReceiptFiles) private readonly receipts: ReceiptFiles,
    @inject(ExpenseViews) private readonly views: ExpenseViews,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, command: NewExpenseCommand): Promise<ExpenseView> {
    const { organisation, member } = await this.access.authorise(actor, organisationUniqueId, 'expenses.create');
    // Looked up before the transaction, which then only writes: a look-up inside it would lock nothing either,
    // and the foreign keys still refuse an account or vendor deleted meanwhile (409 conflict).
    const references = await this.references.resolve(organisation.id, command);
    // A taken number or unique_id is refused by the unique indexes, and looked for only then (see createUnique).
    const unique = expenseUniqueFields(this.expenses, organisation.id, command);
    return this.receipts.storedFor(organisation.id, command.receipt, (receipt) =>
      createUnique(this.unitOfWork, unique, () =>
        this.unitOfWork.transaction(async () => {
          const expense = Expense.create(
            Object.assign({}, detailsOf(command), {
              // A new expense's command requires account_id, so it was resolved or refused above.
              accountId: references.accountId!,
              vendorId: references.vendorId,
              employeeId: references.employeeId,
              receipt,
              id: this.ids.next(),
              uniqueId: command.uniqueId ?? this.ids.next(),
              organisationId: organisation.id,
              createdById: actor.personId,
              lockDate: organisation.financialYearLockDate,
              now: this.clock.now(),
            }),
          );
          await this.expenses.save(expense);
          const view = await this.views.one(organisation, expense, references.found, member);
          await this.events.publish({ organisation, type: 'expense.created', recordId: expense.id, subject: { model: 'expense', view } });
          return view;
        }),
      ),
    );
  }
}
