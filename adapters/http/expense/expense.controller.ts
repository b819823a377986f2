import Router from '@koa/router';
import { inject, injectable } from 'inversify';
import { Context } from 'koa';
import { Readable } from 'node:stream';
import { ApplyExpenseAction, ExpenseActionCommand } from '../../../application/expense/apply-expense-action.use-case';
import { CreateExpense } from '../../../application/expense/create-expense.use-case';
import { DeleteExpense } from '../../../application/expense/delete-expense.use-case';
import { GetExpenseReceipt } from '../../../application/expense/get-expense-receipt.use-case';
import { GetExpense } from '../../../application/expense/get-expense.use-case';
import { ListExpenses } from '../../../application/expense/list-expenses.use-case';
import { UpdateExpense } from '../../../application/expense/update-expense.use-case';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { readBody } from '../body/read-body';
import { actorOf } from '../middleware/authentication';
import { bindBody } from '../shared/bind-body';
import { API_PREFIX, AuthGuard, HttpController } from '../shared/controller';
import { registerResource } from '../shared/resource-routes';
import { bindInput } from '../validation/input';
import { orderingOf, pageRequestOf, readQuery, sendPage } from '../validation/list-query';
import { EXPENSE_ORDERING, ExpenseActionInput, ExpenseInput, ExpenseListParams, NewExpenseInput } from './expense.dto';
import { presentExpense, presentExpenseListItem } from './expense.presenter';

/** Where the client reached us (behind a trusted proxy, as it says), for absolute receipt URLs. */
const originOf = (ctx: Context) => `${ctx.protocol}://${ctx.host}`;

const dateOf = (text: string | undefined) => (text === undefined ? undefined : CalendarDate.of(text));

/** A repeated query parameter counts by its last value, as Django's QueryDict does. */
const lastValues = (query: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? value.at(-1) : value]));

/** Expenses: `/api/v1.0/organisation/{uid}/expenses/…` (spec Part 4, contract section 6). */
@injectable()
export class ExpenseController implements HttpController {
  constructor(
    @inject(AuthGuard) private readonly guard: AuthGuard,
    @inject(ListExpenses) private readonly listExpenses: ListExpenses,
    @inject(CreateExpense) private readonly createExpense: CreateExpense,
    @inject(GetExpense) private readonly getExpense: GetExpense,
    @inject(UpdateExpense) private readonly updateExpense: UpdateExpense,
    @inject(DeleteExpense) private readonly deleteExpense: DeleteExpense,
    @inject(ApplyExpenseAction) private readonly applyAction: ApplyExpenseAction,
    @inject(GetExpenseReceipt) private readonly getReceipt: GetExpenseReceipt,
  ) {}

  register(router: Router): void {
    const base = `${API_PREFIX}/organisation/:uid/expenses`;
    const auth = this.guard.required();
    registerResource(
      router,
      base,
      { auth, body: readBody({ multipart: true }) },
      {
        list: (ctx) => this.list(ctx),
        create: async (ctx) => {
          const input = bindBody(ctx, ExpenseInput) as NewExpenseInput;
          ctx.status = 201;
          ctx.body = presentExpense(await this.createExpense.execute(actorOf(ctx), ctx.params.uid, input), originOf(ctx));
        },
        get: async (ctx) => {
          ctx.body = presentExpense(await this.getExpense.execute(actorOf(ctx), ctx.params.uid, ctx.params.id), originOf(ctx));
        },
        update: async (ctx, partial) => {
          const changes = bindBody(ctx, ExpenseInput, partial);
          const view = await this.updateExpense.execute(actorOf(ctx), ctx.params.uid, ctx.params.id, changes);
          ctx.body = presentExpense(view, originOf(ctx));
        },
        remove: async (ctx) => {
          await this.deleteExpense.execute(actorOf(ctx), ctx.params.uid, ctx.params.id);
          ctx.status = 204;
        },
      },
    );
    // GET changes state here (as the spec has it), so a cookie session must show its CSRF token on it too.
    const actionAuth = this.guard.required({ csrfOnEveryMethod: true });
    router.get(`${base}/:id/action`, actionAuth, (ctx) => this.act(ctx));
    router.post(`${base}/:id/action`, actionAuth, readBody({ form: true }), (ctx) => this.act(ctx));
    router.get(`${base}/:id/receipt`, auth, (ctx) => this.receipt(ctx));
  }

  private async list(ctx: Context): Promise<void> {
    const params = readQuery(ExpenseListParams, ctx.query);
    const page = pageRequestOf(params);
    const ordering = orderingOf(params, EXPENSE_ORDERING, { field: 'expenseDate', descending: true });
    const query = {
      accountUniqueId: params.account_id,
      employeeUniqueId: params.employee_id,
      vendorUniqueId: params.vendor_id,
      fromDate: dateOf(params.from_date),
      toDate: dateOf(params.to_date),
      search: params.search,
      status: params.status,
    };
    const found = await this.listExpenses.execute(actorOf(ctx), ctx.params.uid, query, ordering, page);
    sendPage(ctx, found, page, presentExpenseListItem);
  }

  private async act(ctx: Context): Promise<void> {
    const raw = { ...lastValues(ctx.query), ...(ctx.state.body as Record<string, unknown> | undefined) };
    const command = bindInput(ExpenseActionInput, raw, { partial: false, form: true }) as ExpenseActionCommand;
    const view = await this.applyAction.execute(actorOf(ctx), ctx.params.uid, ctx.params.id, command);
    ctx.body = presentExpense(view, originOf(ctx));
  }

  private async receipt(ctx: Context): Promise<void> {
    const receipt = await this.getReceipt.execute(actorOf(ctx), ctx.params.uid, ctx.params.id);
    ctx.type = receipt.contentType;
    ctx.length = receipt.size;
    ctx.set('Content-Disposition', `attachment; filename="${receipt.fileName}"`);
    ctx.body = Readable.from(receipt.content);
  }
}
