import { inject, injectable } from 'inversify';
import { Expense } from '../../domain/expense/expense';
import { NotFound } from '../../domain/shared/errors';
import { Operation } from '../organisation/authorisation-policy';
import { OrganisationAccess, OrganisationAccessGrant } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { EXPENSE_TOKENS, ExpenseRepository } from './expense.ports';

export interface ExpenseAccessGrant extends OrganisationAccessGrant {
  expense: Expense;
}

/** An expense of an organisation whose policy lets the caller perform `operation`; 404 for an unknown expense. */
@injectable()
export class ExpenseAccess {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(EXPENSE_TOKENS.ExpenseRepository) private readonly expenses: ExpenseRepository,
  ) {}

  async authorise(
    actor: Actor,
    organisationUniqueId: string,
    expenseUniqueId: string,
    operation: Operation,
    options: { forUpdate?: boolean } = {},
  ): Promise<ExpenseAccessGrant> {
    const grant = await this.access.authorise(actor, organisationUniqueId, operation);
    return Object.assign({}, grant, { expense: await this.find(grant.organisation.id, expenseUniqueId, options) });
  }

  /** Within an organisation already granted; writers pass `forUpdate` inside their transaction. */
  async find(organisationId: string, expenseUniqueId: string, options: { forUpdate?: boolean } = {}): Promise<Expense> {
    const expense = await this.expenses.findByUniqueId(organisationId, expenseUniqueId, options);
    if (!expense) throw new NotFound();
    return expense;
  }
}
