import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { ExpenseAccess } from './expense-access';
import { ExpenseView, ExpenseViews } from './expense-views';

@injectable()
export class GetExpense {
  constructor(
    @inject(ExpenseAccess) private readonly access: ExpenseAccess,
    @inject(ExpenseViews) private readonly views: ExpenseViews,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, expenseUniqueId: string): Promise<ExpenseView> {
    const { organisation, expense } = await this.access.authorise(actor, organisationUniqueId, expenseUniqueId, 'expenses.view');
    return this.views.one(organisation, expense);
  }
}
