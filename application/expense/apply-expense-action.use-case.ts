import { inject, injectable } from 'inversify';
import { Expense, ExpenseSnapshot } from '../../domain/expense/expense';
import { ExpenseAction } from '../../domain/expense/expense-transitions';
import { EXPENSE_ACTION_EVENTS } from '../../domain/webhook/webhook-events';
import { OrganisationAccess } from '../organisation/organisation-access';
import { RecordContext } from '../records/record-context';
import { recordContextToken } from '../records/record-kind';
import { RecordView } from '../records/record-views';
import { Actor, actingOf } from '../shared/actor';
import { ActingContext, HISTORY_TOKENS } from '../shared/history';

export interface ExpenseActionCommand {
  action: ExpenseAction;
  /** Kept as the rejection reason; ignored by the other actions. */
  reason?: string | null;
}

/**
 * Moves an expense along its workflow; who may take each action is the
 * authorisation policy's `expenses.<action>`. The row is locked for the
 * transaction, so two concurrent approvals record one approval and a 409.
 */
@injectable()
export class ApplyExpenseAction {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(recordContextToken('expense')) private readonly expenses: RecordContext<Expense, ExpenseSnapshot>,
    @inject(HISTORY_TOKENS.ActingContext) private readonly acting: ActingContext,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, expenseUniqueId: string, command: ExpenseActionCommand): Promise<RecordView<ExpenseSnapshot>> {
    const { expenses } = this;
    return expenses.unitOfWork.transaction(async () => {
      const grant = await this.access.authorise(actor, organisationUniqueId, `expenses.${command.action}`);
      const expense = await expenses.find(grant.organisation.id, expenseUniqueId, true);
      expense.apply(command.action, actor.personId, expenses.clock.now(), command.reason);
      // The history names the change by its action ("approve"), not "updated".
      await this.acting.run(actingOf(actor, command.action), () => expenses.records.save(expense));
      const view = await expenses.views.one(expense, grant.member, grant);
      // `expense.approved`, … (EXPENSE_ACTION_EVENTS).
      await expenses.announce(grant, EXPENSE_ACTION_EVENTS[command.action].replace(/^expense\./, ''), expense, view);
      return view;
    });
  }
}
