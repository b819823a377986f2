import { inject, injectable } from 'inversify';
import { Account, AccountSnapshot, AccountType } from '../../domain/account/account';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, IdGenerator, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { ACCOUNT_TOKENS, AccountRepository } from './account.ports';
import { accountUniqueFields } from './account-uniqueness';
import { createUnique } from '../shared/uniqueness';

export interface NewAccount {
  uniqueId?: string;
  accountCode: string;
  name: string;
  accountType: AccountType;
  description?: string | null;
  isActive?: boolean;
}

/** Any member adds an account to the chart; its code must be new in the organisation. */
@injectable()
export class CreateAccount {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, command: NewAccount): Promise<AccountSnapshot> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'accounts.create');
    // A taken code or unique_id is refused by the unique indexes, and looked for only then (see createUnique).
    return createUnique(this.unitOfWork, accountUniqueFields(this.accounts, organisation.id, command), () =>
      this.unitOfWork.transaction(async () => {
        const account = Account.create({
          ...command,
          id: this.ids.next(),
          uniqueId: command.uniqueId ?? this.ids.next(),
          organisationId: organisation.id,
          now: this.clock.now(),
        });
        await this.accounts.save(account);
        return account.snapshot();
      }),
    );
  }
}
