import { inject, injectable } from 'inversify';
import { Account } from '../../domain/account/account';
import { NotFound } from '../../domain/shared/errors';
import { Operation } from '../organisation/authorisation-policy';
import { OrganisationAccess, OrganisationAccessGrant } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { ACCOUNT_TOKENS, AccountRepository } from './account.ports';

export interface AccountAccessGrant extends OrganisationAccessGrant {
  account: Account;
}

/** An account of an organisation whose policy lets the caller perform `operation`; 404 for an unknown account. */
@injectable()
export class AccountAccess {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
  ) {}

  /** `forUpdate`: the account's row stays locked until the transaction ends, for a write of the account. */
  async authorise(
    actor: Actor,
    organisationUniqueId: string,
    accountUniqueId: string,
    operation: Operation,
    options: { forUpdate?: boolean } = {},
  ): Promise<AccountAccessGrant> {
    const grant = await this.access.authorise(actor, organisationUniqueId, operation);
    const account = await this.accounts.findByUniqueId(grant.organisation.id, accountUniqueId, options);
    if (!account) throw new NotFound();
    return Object.assign({}, grant, { account });
  }
}
