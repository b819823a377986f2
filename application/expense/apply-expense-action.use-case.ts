import { inject, injectable } from 'inversify';
import { ActingContext, HISTORY_TOKENS } from '../shared/history';
import { ExpenseAction } from '../../domain/expense/expense-transitions';
import { EXPENSE_ACTION_EVENTS } from '../../domain/webhook/webhook-events';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { ExpenseAccess } from './expense-access';
import { ExpenseView, ExpenseViews } from './expense-views';
import { EXPENSE_TOKENS, ExpenseRepository } from './expense.ports';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';

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
    @inject(ExpenseAccess) private readonly access: ExpenseAccess,
    @inject(EXPENSE_TOKENS.ExpenseRepository) private readonly expenses: ExpenseRepository,
    @inject(ExpenseViews) private readonly views: ExpenseViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(HISTORY_TOKENS.ActingContext) private readonly acting: ActingContext,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
  ) {}

  async execute(
    actor: Actor,
    organisationUniqueId: string,
    expenseUniqueId: string,
    command: ExpenseActionCommand,
  ): Promise<ExpenseView> {
    return this.unitOfWork.transaction(async () => {
      const operation = `expenses.${command.action}` as const;
      const grant = await this.access.authorise(actor, organisationUniqueId, expenseUniqueId, operation, { forUpdate: true });
      grant.expense.apply(command.action, actor.personId, this.clock.now(), command.reason);
      // The history names the change by its action ("approve"), not "updated".
      await this.acting.run({ personId: actor.personId, action: command.action }, () => this.expenses.save(grant.expense));
      const view = await this.views.one(grant.organisation, grant.expense);
      const type = EXPENSE_ACTION_EVENTS[command.action];
      await this.events.publish({ organisation: grant.organisation, type, recordId: grant.expense.id, subject: { model: 'expense', view } });
      return view;
    });
  }
}
