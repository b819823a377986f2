import Router from '@koa/router';
import { Context, Middleware } from 'koa';
import { refuseMethod } from '../http-errors';

export interface ResourceHandlers {
  list(ctx: Context): Promise<void>;
  /** Answers 201 with the new resource. */
  create(ctx: Context): Promise<void>;
  get(ctx: Context): Promise<void>;
  update(ctx: Context, partial: boolean): Promise<void>;
  /** Answers 204. */
  remove(ctx: Context): Promise<void>;
}

/**
 * The collection routes of an organisation-scoped resource, in the vendor path
 * pattern: `…/`, `…/create/`, `…/:id/`, `…/:id/update/` (PUT and PATCH) and
 * `…/:id/delete/`. The record's id is `ctx.params.id`.
 */
export function registerResource(
  router: Router,
  base: string,
  middleware: { auth: Middleware; body: Middleware },
  handlers: ResourceHandlers,
): void {
  const { auth, body } = middleware;
  router.get(base, auth, (ctx) => handlers.list(ctx));
  router.post(`${base}/create`, auth, body, (ctx) => handlers.create(ctx));
  // Without this, `GET …/create/` would be read as the detail of a record named "create".
  router.get(`${base}/create`, refuseMethod(['POST']));
  router.get(`${base}/:id`, auth, (ctx) => handlers.get(ctx));
  router.put(`${base}/:id/update`, auth, body, (ctx) => handlers.update(ctx, false));
  router.patch(`${base}/:id/update`, auth, body, (ctx) => handlers.update(ctx, true));
  router.delete(`${base}/:id/delete`, auth, (ctx) => handlers.remove(ctx));
}
