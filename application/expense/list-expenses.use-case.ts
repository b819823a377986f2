import { inject, injectable } from 'inversify';
import { ACCOUNT_TOKENS, AccountRepository } from '../account/account.ports';
import { OrganisationAccess } from '../organisation/organisation-access';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { Actor } from '../shared/actor';
import { ListQuery, Page } from '../shared/page';
import { ExpenseView, ExpenseViews } from './expense-views';
import { EXPENSE_TOKENS, ExpenseFilters, ExpenseOrderingField, ExpenseRepository, ExpenseVendorDirectory } from './expense.ports';

/** A record a filter names, once found in the organisation. */
interface FoundRecord {
  id: string;
}

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
    query: ListQuery<ExpenseFilters, ExpenseOrderingField>,
  ): Promise<Page<ExpenseView>> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'expenses.list');
    const filters = await this.resolve(organisation.id, query.filters);
    // A reference that names nothing in the organisation matches no expense, as a filter on a join would.
    if (filters === null) return NOTHING;
    const found = await this.expenses.list(organisation.id, { ...query, filters });
    return { items: await this.views.many(organisation, found.items), total: found.total };
  }

  /** The filters with the records they name by unique_id found in the organisation (by internal id); null when one names nothing. */
  private async resolve(organisationId: string, filters: ExpenseFilters): Promise<ExpenseFilters | null> {
    const account = await found(filters.account_id, (uniqueId) => this.accounts.findByUniqueId(organisationId, uniqueId));
    const vendor = await found(filters.vendor_id, (uniqueId) => this.vendors.findByUniqueId(organisationId, uniqueId));
    const employee = await found(filters.employee_id, (uniqueId) => this.people.findMemberByUniqueId(organisationId, uniqueId));
    if (account === null || vendor === null || employee === null) return null;
    // Blanks around a term are no part of it, and a blank term searches nothing.
    const search = filters.search?.trim() || undefined;
    return Object.assign({}, filters, { account_id: account?.id, vendor_id: vendor?.id, employee_id: employee?.id, search });
  }
}

/** The record a filter names (undefined when the filter is absent), or null when it names nothing. */
async function found(
  uniqueId: string | undefined,
  find: (uniqueId: string) => Promise<FoundRecord | null>,
): Promise<FoundRecord | null | undefined> {
  return uniqueId === undefined ? undefined : find(uniqueId);
}
