import Router from '@koa/router';
import { Context } from 'koa';
import { readBody } from '../body/read-body';
import { MethodNotAllowed } from '../http-errors';
import { API_PREFIX, AuthGuard } from './controller';

/**
 * What a resource of an organisation answers on its five routes, each handler
 * returning the presented body (the list writes its page itself). Request
 * bodies are JSON: none of these resources takes a file.
 */
export interface OrganisationResource {
  list(ctx: Context, organisation: string): Promise<void>;
  create(ctx: Context, organisation: string): Promise<object>;
  get(ctx: Context, organisation: string, id: string): Promise<object>;
  update(ctx: Context, organisation: string, id: string, partial: boolean): Promise<object>;
  delete(ctx: Context, organisation: string, id: string): Promise<void>;
}

/**
 * The spec's vendor path pattern, which every such resource follows:
 * `…/{segment}/` (GET), `…/create/` (POST, 201), `…/{id}/` (GET),
 * `…/{id}/update/` (PUT, PATCH) and `…/{id}/delete/` (DELETE, 204).
 */
export function registerOrganisationResource(
  router: Router,
  guard: AuthGuard,
  segment: string,
  resource: OrganisationResource,
): void {
  const auth = guard.required();
  const body = readBody();
  const base = `${API_PREFIX}/organisation/:org/${segment}`;
  const item = `${base}/:id`;
  router.get(base, auth, (ctx) => resource.list(ctx, ctx.params.org));
  // `create` is not an id: as in DRF, where that path resolves to the create view, GET there is a 405.
  router.get(`${base}/create`, (ctx) => {
    throw new MethodNotAllowed(ctx.method, ['POST']);
  });
  router.post(`${base}/create`, auth, body, async (ctx) => {
    const created = await resource.create(ctx, ctx.params.org);
    ctx.status = 201;
    ctx.body = created;
  });
  router.get(item, auth, async (ctx) => {
    ctx.body = await resource.get(ctx, ctx.params.org, ctx.params.id);
  });
  router.put(`${item}/update`, auth, body, async (ctx) => {
    ctx.body = await resource.update(ctx, ctx.params.org, ctx.params.id, false);
  });
  router.patch(`${item}/update`, auth, body, async (ctx) => {
    ctx.body = await resource.update(ctx, ctx.params.org, ctx.params.id, true);
  });
  router.delete(`${item}/delete`, auth, async (ctx) => {
    await resource.delete(ctx, ctx.params.org, ctx.params.id);
    ctx.status = 204;
  });
}
