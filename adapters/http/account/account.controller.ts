import { inject, injectable } from 'inversify';
import { CreateAccount } from '../../../application/account/create-account.use-case';
import { DeleteAccount } from '../../../application/account/delete-account.use-case';
import { GetAccount } from '../../../application/account/get-account.use-case';
import { ListAccounts } from '../../../application/account/list-accounts.use-case';
import { UpdateAccount } from '../../../application/account/update-account.use-case';
import { actorOf } from '../middleware/authentication';
import { API_PREFIX, HttpController } from '../shared/controller';
import { registerOrganisationResource } from '../shared/organisation-resource';
import { Routes } from '../shared/routes';
import { ACCOUNT_ORDERINGS, AccountFilterInput, AccountInput, NewAccountInput } from './account.dto';
import { ACCOUNT_SCHEMA, presentAccount } from './account.presenter';

/** The chart of accounts: `/api/v1.0/organisation/{uid}/accounts/…`, any member. */
@injectable()
export class AccountController implements HttpController {
  constructor(
    @inject(ListAccounts) private readonly listAccounts: ListAccounts,
    @inject(CreateAccount) private readonly createAccount: CreateAccount,
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(UpdateAccount) private readonly updateAccount: UpdateAccount,
    @inject(DeleteAccount) private readonly deleteAccount: DeleteAccount,
  ) {}

  register(routes: Routes): void {
    registerOrganisationResource(routes, {
      names: { one: 'account', many: 'accounts' },
      base: `${API_PREFIX}/organisation/:org/accounts`,
      schema: ACCOUNT_SCHEMA,
      present: presentAccount,
      input: { create: AccountInput, update: AccountInput },
      list: { filters: AccountFilterInput, orderings: ACCOUNT_ORDERINGS },
      conflicts: ['delete'],
      handlers: {
        list: (ctx, query) => this.listAccounts.execute(actorOf(ctx), ctx.params.org, query),
        create: (ctx, input) => this.createAccount.execute(actorOf(ctx), ctx.params.org, input as NewAccountInput),
        get: (ctx) => this.getAccount.execute(actorOf(ctx), ctx.params.org, ctx.params.id),
        update: (ctx, changes) => this.updateAccount.execute(actorOf(ctx), ctx.params.org, ctx.params.id, changes),
        delete: (ctx) => this.deleteAccount.execute(actorOf(ctx), ctx.params.org, ctx.params.id),
      },
    });
  }
}
