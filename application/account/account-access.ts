import { inject, injectable } from 'inversify';
import { Account } from '../../domain/account/account';
import { NotFound } from '../../domain/shared/errors';
import { OrganisationAccess, OrganisationAccessGrant } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { ACCOUNT_TOKENS, AccountRepository } from './account.ports';

export interface AccountAccessGrant extends OrganisationAccessGrant {
  account: Account;
}

/** An account of an organisation the caller belongs to; 404 for anything else. */
@injectable()
export class AccountAccess {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
  ) {}

  async asMember(actor: Actor, organisationUniqueId: string, accountUniqueId: string): Promise<AccountAccessGrant> {
    const grant = await this.access.asMember(actor, organisationUniqueId);
    const account = await this.accounts.findByUniqueId(grant.organisation.id, accountUniqueId);
    if (!account) throw new NotFound();
    return { ...grant, account };
  }
}
