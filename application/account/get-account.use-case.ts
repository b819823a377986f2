import { inject, injectable } from 'inversify';
import { AccountSnapshot } from '../../domain/account/account';
import { Actor } from '../shared/actor';
import { AccountAccess } from './account-access';

@injectable()
export class GetAccount {
  constructor(@inject(AccountAccess) private readonly access: AccountAccess) {}

  async execute(actor: Actor, organisationUniqueId: string, accountUniqueId: string): Promise<AccountSnapshot> {
    const { account } = await this.access.authorise(actor, organisationUniqueId, accountUniqueId, 'accounts.view');
    return account.snapshot();
  }
}
