import { inject, injectable } from 'inversify';
import { AccountSnapshot } from '../../domain/account/account';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Ordering, Page, PageRequest } from '../shared/page';
import { ACCOUNT_TOKENS, AccountFilter, AccountOrderField, AccountRepository } from './account.ports';

/** Any member reads the organisation's chart of accounts. */
@injectable()
export class ListAccounts {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
  ) {}

  async execute(
    actor: Actor,
    organisationUniqueId: string,
    filter: AccountFilter,
    ordering: Ordering<AccountOrderField>,
    page: PageRequest,
  ): Promise<Page<AccountSnapshot>> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'accounts.list');
    const found = await this.accounts.list(organisation.id, filter, ordering, page);
    return { items: found.items.map((account) => account.snapshot()), total: found.total };
  }
}
