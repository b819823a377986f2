import { inject, injectable } from 'inversify';
import { AccountChanges, AccountSnapshot } from '../../domain/account/account';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { AccountAccess } from './account-access';
import { ACCOUNT_TOKENS, AccountRepository } from './account.ports';
import { accountUniqueFields } from './account-uniqueness';
import { assertUnique } from '../shared/uniqueness';

/** PUT and PATCH: the command carries only the fields the client sent. */
@injectable()
export class UpdateAccount {
  constructor(
    @inject(AccountAccess) private readonly access: AccountAccess,
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  execute(
    actor: Actor,
    organisationUniqueId: string,
    accountUniqueId: string,
    changes: AccountChanges,
  ): Promise<AccountSnapshot> {
    return this.unitOfWork.transaction(async () => {
      const { account } = await this.access.authorise(actor, organisationUniqueId, accountUniqueId, 'accounts.update', { forUpdate: true });
      account.update(changes, this.clock.now());
      await assertUnique(accountUniqueFields(this.accounts, account.organisationId, { accountCode: changes.accountCode }, account.id));
      await this.accounts.save(account);
      return account.snapshot();
    });
  }
}
