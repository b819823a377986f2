import Router from '@koa/router';
import { inject, injectable } from 'inversify';
import { Context } from 'koa';
import { CreateAccount } from '../../../application/account/create-account.use-case';
import { DeleteAccount } from '../../../application/account/delete-account.use-case';
import { GetAccount } from '../../../application/account/get-account.use-case';
import { ListAccounts } from '../../../application/account/list-accounts.use-case';
import { UpdateAccount } from '../../../application/account/update-account.use-case';
import { readBody } from '../body/read-body';
import { actorOf } from '../middleware/authentication';
import { bindBody } from '../shared/bind-body';
import { API_PREFIX, AuthGuard, HttpController } from '../shared/controller';
import { registerResource } from '../shared/resource-routes';
import { orderingOf, pageRequestOf, readQuery, sendPage } from '../validation/list-query';
import { ACCOUNT_ORDERING, AccountInput, AccountListParams, BOOLEAN_FILTER, NewAccountInput } from './account.dto';
import { presentAccount } from './account.presenter';

/** The chart of accounts: `/api/v1.0/organisation/{uid}/accounts/…`, any member. */
@injectable()
export class AccountController implements HttpController {
  constructor(
    @inject(AuthGuard) private readonly guard: AuthGuard,
    @inject(ListAccounts) private readonly listAccounts: ListAccounts,
    @inject(CreateAccount) private readonly createAccount: CreateAccount,
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(UpdateAccount) private readonly updateAccount: UpdateAccount,
    @inject(DeleteAccount) private readonly deleteAccount: DeleteAccount,
  ) {}

  register(router: Router): void {
    registerResource(
      router,
      `${API_PREFIX}/organisation/:uid/accounts`,
      { auth: this.guard.required(), body: readBody() },
      {
        list: (ctx) => this.list(ctx),
        create: async (ctx) => {
          const input = bindBody(ctx, AccountInput) as NewAccountInput;
          ctx.status = 201;
          ctx.body = presentAccount(await this.createAccount.execute(actorOf(ctx), ctx.params.uid, input));
        },
        get: async (ctx) => {
          ctx.body = presentAccount(await this.getAccount.execute(actorOf(ctx), ctx.params.uid, ctx.params.id));
        },
        update: async (ctx, partial) => {
          const changes = bindBody(ctx, AccountInput, partial);
          ctx.body = presentAccount(await this.updateAccount.execute(actorOf(ctx), ctx.params.uid, ctx.params.id, changes));
        },
        remove: async (ctx) => {
          await this.deleteAccount.execute(actorOf(ctx), ctx.params.uid, ctx.params.id);
          ctx.status = 204;
        },
      },
    );
  }

  private async list(ctx: Context): Promise<void> {
    const params = readQuery(AccountListParams, ctx.query);
    const page = pageRequestOf(params);
    const ordering = orderingOf(params, ACCOUNT_ORDERING, { field: 'accountCode', descending: false });
    const filter = {
      accountType: params.account_type,
      isActive: params.is_active === undefined ? undefined : BOOLEAN_FILTER[params.is_active],
    };
    const found = await this.listAccounts.execute(actorOf(ctx), ctx.params.uid, filter, ordering, page);
    sendPage(ctx, found, page, presentAccount);
  }
}
