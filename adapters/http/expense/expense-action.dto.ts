import { EXPENSE_ACTIONS, ExpenseAction } from '../../../domain/expense/expense-transitions';
import { fields } from '../validation/fields';
import { Input } from '../validation/input';

/** The action endpoint's parameters: the query string, or on POST also the body. */
export class ExpenseActionInput {
  @Input('action', fields.choice(EXPENSE_ACTIONS, { required: true })) action?: ExpenseAction;
  @Input('reason', fields.text({ nullable: true })) reason?: string | null;
}
