import { Context } from 'koa';
import { bindInput, InputClass } from '../validation/input';

/** Binds the request body read by `readBody` to a DTO (PATCH: `partial`). */
export function bindBody<T extends object>(ctx: Context, dto: InputClass<T>, partial = false): T {
  return bindInput(dto, ctx.state.body, { partial, form: ctx.state.bodyIsForm === true });
}
