import { inject, injectable } from 'inversify';
import { Context } from 'koa';
import { Readable } from 'node:stream';
import { ApplyExpenseAction, ExpenseActionCommand } from '../../../application/expense/apply-expense-action.use-case';
import { GetExpenseReceipt } from '../../../application/expense/get-expense-receipt.use-case';
import { RECEIPT_CONTENT_TYPES } from '../../../domain/expense/receipt';
import { EXPENSE_DECLARATION } from '../../declaration/expense/expense.declaration';
import { presenterOf, schemaOf } from '../declared/declared-presenter';
import { actorOf } from '../middleware/authentication';
import { answers } from '../shared/answers';
import { API_PREFIX, HttpController, originOf } from '../shared/controller';
import { Routes } from '../shared/routes';
import { bindQuery } from '../validation/query';
import { ExpenseActionInput } from './expense-action.dto';

const EXPENSE_SCHEMA = schemaOf(EXPENSE_DECLARATION);
const presentExpense = presenterOf(EXPENSE_DECLARATION);

/**
 * An expense's actions and receipt: `/api/v1.0/organisation/{uid}/expenses/{id}/action/` and `…/receipt/`
 * (spec Part 4, contract section 6). Its five operations are its declaration's.
 */
@injectable()
export class ExpenseController implements HttpController {
  constructor(
    @inject(ApplyExpenseAction) private readonly applyAction: ApplyExpenseAction,
    @inject(GetExpenseReceipt) private readonly getReceipt: GetExpenseReceipt,
  ) {}

  register(routes: Routes): void {
    const base = `${API_PREFIX}/organisation/:org/expenses`;

    // GET changes state here (as the spec has it): the action is a query parameter, and a cookie session shows its CSRF token.
    routes.add({
      method: 'GET',
      path: `${base}/:id/action`,
      summary: 'Act on an expense',
      description: 'Moves the expense along its workflow: `action` is `submit`, `approve`, `reject` (with a `reason`), `mark_paid`, `reimburse` or `reopen`, in the query string. It changes state even on GET (as the specification has it), so a cookie session sends `X-CSRFToken` here too. `submit` and `reopen`: any member; the others: the owner. 409 when the status does not allow the action.',
      csrfOnEveryMethod: true,
      precondition: `${base}/:id`,
      query: ExpenseActionInput,
      answers: [answers.ok(EXPENSE_SCHEMA)],
      errors: [400, 403, 409],
      handle: (ctx) => this.act(ctx),
    });
    routes.add({
      method: 'POST',
      path: `${base}/:id/action`,
      summary: 'Act on an expense (POST)',
      description: 'The action of the GET, with `action` and `reason` in the query string or in the body (whose values win). `submit` and `reopen`: any member; the others: the owner. 409 when the status does not allow the action.',
      csrfOnEveryMethod: true,
      precondition: `${base}/:id`,
      query: ExpenseActionInput,
      body: {
        input: ExpenseActionInput,
        form: true,
        optional: '`action` and `reason` in the query string as on GET, or in the body, whose values win; `action` is required in one of them.',
      },
      answers: [answers.ok(EXPENSE_SCHEMA)],
      errors: [409],
      handle: (ctx) => this.act(ctx),
    });
    routes.add({
      method: 'GET',
      path: `${base}/:id/receipt`,
      summary: 'Download a receipt',
      description: 'The file attached to the expense: a PDF as uploaded, an image as re-encoded on upload (upright, without EXIF, XMP or IPTC metadata). Any member of the organisation.',
      answers: [
        {
          status: 200,
          description: 'The receipt file.',
          media: { types: RECEIPT_CONTENT_TYPES.values, description: 'The file as kept' },
          headers: { 'Content-Disposition': true },
        },
      ],
      handle: (ctx) => this.receipt(ctx),
    });
  }

  /** The action and reason from the query string, a POST body's values overriding them. */
  private async act(ctx: Context): Promise<void> {
    const command = bindQuery(ExpenseActionInput, ctx.query, ctx.state.body as object | undefined) as ExpenseActionCommand;
    const view = await this.applyAction.execute(actorOf(ctx), ctx.params.org, ctx.params.id, command);
    ctx.body = presentExpense(view, originOf(ctx));
  }

  private async receipt(ctx: Context): Promise<void> {
    const receipt = await this.getReceipt.execute(actorOf(ctx), ctx.params.org, ctx.params.id);
    ctx.type = receipt.contentType;
    ctx.length = receipt.size;
    ctx.set('Content-Disposition', `attachment; filename="${receipt.fileName}"`);
    ctx.body = Readable.from(receipt.content);
  }
}
