import { inject, injectable } from 'inversify';
import { AccountSnapshot } from '../../domain/account/account';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Page } from '../shared/page';
import { ACCOUNT_TOKENS, AccountListQuery, AccountRepository } from './account.ports';

/** Any member reads the organisation's chart of accounts. */
@injectable()
export class ListAccounts {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, query: AccountListQuery): Promise<Page<AccountSnapshot>> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'accounts.list');
    const found = await this.accounts.list(organisation.id, query);
    return { items: found.items.map((account) => account.snapshot()), total: found.total };
  }
}
