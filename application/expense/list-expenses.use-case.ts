import { inject, injectable } from 'inversify';
import { ACCOUNT_TOKENS, AccountRepository } from '../account/account.ports';
import { OrganisationAccess } from '../organisation/organisation-access';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { Actor } from '../shared/actor';
import { Ordering, Page, PageRequest } from '../shared/page';
import { ExpenseListQuery } from './expense-command';
import { searchTermOf } from './expense-search';
import { ExpenseView, ExpenseViews } from './expense-views';
import { EXPENSE_TOKENS, ExpenseFilter, ExpenseOrderField, ExpenseRepository, ExpenseVendorDirectory } from './expense.ports';

const NOTHING: Page<ExpenseView> = { items: [], total: 0 };

/** Any member lists the organisation's expenses, filtered, ordered and paged. */
@injectable()
export class ListExpenses {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(EXPENSE_TOKENS.ExpenseRepository) private readonly expenses: ExpenseRepository,
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(EXPENSE_TOKENS.ExpenseVendorDirectory) private readonly vendors: ExpenseVendorDirectory,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(ExpenseViews) private readonly views: ExpenseViews,
  ) {}

  async execute(
    actor: Actor,
    organisationUniqueId: string,
    query: ExpenseListQuery,
    ordering: Ordering<ExpenseOrderField>,
    page: PageRequest,
  ): Promise<Page<ExpenseView>> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'expenses.list');
    const organisationId = organisation.id;
    const filter: ExpenseFilter = {
      fromDate: query.fromDate,
      toDate: query.toDate,
      status: query.status,
      search: searchTermOf(query.search) ?? undefined,
    };
    // A reference that names nothing in the organisation matches no expense, as a filter on a join would.
    if (query.accountUniqueId !== undefined) {
      const account = await this.accounts.findByUniqueId(organisationId, query.accountUniqueId);
      if (!account) return NOTHING;
      filter.accountId = account.id;
    }
    if (query.vendorUniqueId !== undefined) {
      const vendor = await this.vendors.findByUniqueId(organisationId, query.vendorUniqueId);
      if (!vendor) return NOTHING;
      filter.vendorId = vendor.id;
    }
    if (query.employeeUniqueId !== undefined) {
      const employee = await this.people.findMemberByUniqueId(organisationId, query.employeeUniqueId);
      if (!employee) return NOTHING;
      filter.employeeId = employee.id;
    }
    const found = await this.expenses.list(organisationId, filter, ordering, page);
    return { items: await this.views.many(organisation, found.items), total: found.total };
  }
}
