import { inject, injectable, multiInject, optional } from 'inversify';
import { InUse } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { AccountAccess } from './account-access';
import { ACCOUNT_IN_USE, ACCOUNT_TOKENS, AccountRepository, AccountUsage } from './account.ports';

/** Any member removes an account that nothing books to (else 409 in_use). */
@injectable()
export class DeleteAccount {
  constructor(
    @inject(AccountAccess) private readonly access: AccountAccess,
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @multiInject(ACCOUNT_TOKENS.AccountUsage) @optional() private readonly usages: AccountUsage[] = [],
  ) {}

  execute(actor: Actor, organisationUniqueId: string, accountUniqueId: string): Promise<void> {
    return this.unitOfWork.transaction(async () => {
      const { account } = await this.access.authorise(actor, organisationUniqueId, accountUniqueId, 'accounts.delete');
      for (const usage of this.usages ?? []) {
        if (await usage.isAccountUsed(account.organisationId, account.id)) throw new InUse(ACCOUNT_IN_USE);
      }
      await this.accounts.delete(account);
    });
  }
}
