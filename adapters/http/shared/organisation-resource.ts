import Router from '@koa/router';
import { Context } from 'koa';
import { readBody } from '../body/read-body';
import { API_PREFIX, AuthGuard } from './controller';
import { registerResource } from './resource-routes';

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

/** The vendor path pattern (see `registerResource`) for a resource that answers plain JSON bodies. */
export function registerOrganisationResource(
  router: Router,
  guard: AuthGuard,
  segment: string,
  resource: OrganisationResource,
): void {
  const base = `${API_PREFIX}/organisation/:org/${segment}`;
  registerResource(router, base, { auth: guard.required(), body: readBody() }, {
    list: (ctx) => resource.list(ctx, ctx.params.org),
    create: async (ctx) => {
      const created = await resource.create(ctx, ctx.params.org);
      ctx.status = 201;
      ctx.body = created;
    },
    get: async (ctx) => {
      ctx.body = await resource.get(ctx, ctx.params.org, ctx.params.id);
    },
    update: async (ctx, partial) => {
      ctx.body = await resource.update(ctx, ctx.params.org, ctx.params.id, partial);
    },
    remove: async (ctx) => {
      await resource.delete(ctx, ctx.params.org, ctx.params.id);
      ctx.status = 204;
    },
  });
}
