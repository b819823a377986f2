import { inject, injectable } from 'inversify';
import { Expense } from '../../domain/expense/expense';
import { NotFound } from '../../domain/shared/errors';
import { OrganisationAccess, OrganisationAccessGrant } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { EXPENSE_TOKENS, ExpenseRepository } from './expense.ports';

export interface ExpenseAccessGrant extends OrganisationAccessGrant {
  expense: Expense;
}

/** An expense of an organisation the caller belongs to; 404 for anything else. */
@injectable()
export class ExpenseAccess {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(EXPENSE_TOKENS.ExpenseRepository) private readonly expenses: ExpenseRepository,
  ) {}

  async asMember(
    actor: Actor,
    organisationUniqueId: string,
    expenseUniqueId: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<ExpenseAccessGrant> {
    const grant = await this.access.asMember(actor, organisationUniqueId);
    return { ...grant, expense: await this.find(grant.organisation.id, expenseUniqueId, options) };
  }

  /** Within an organisation already granted; writers pass `forUpdate` inside their transaction. */
  async find(organisationId: string, expenseUniqueId: string, options: { forUpdate?: boolean } = {}): Promise<Expense> {
    const expense = await this.expenses.findByUniqueId(organisationId, expenseUniqueId, options);
    if (!expense) throw new NotFound();
    return expense;
  }
}
