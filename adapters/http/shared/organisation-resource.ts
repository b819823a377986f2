import { Context } from 'koa';
import { ListQuery, Page } from '../../../application/shared/page';
import { InputClass } from '../validation/input';
import { bindBody } from './bind-body';
import { ListParameters, Orderings, readList, readPage, sendPage } from '../validation/query';
import { actorOf } from '../middleware/authentication';
import { HISTORY_ENTRY_SCHEMA, presentHistoryEntry } from './history.presenter';
import { answers } from './answers';
import { ErrorStatus, Method } from './operation';
import { Routes } from './routes';
import { WireSchema } from './wire-schema';

/** The writes of a resource that may meet a state conflict (409). */
type Write = 'create' | 'update' | 'delete';

/**
 * Where a resource's operations live under its base path:
 * - `actions` (the vendor pattern): `…/`, `…/create/`, `…/{id}/`, `…/{id}/update/` (PUT, PATCH), `…/{id}/delete/`;
 * - `detail` (contact groups and contacts): `…/`, `…/create/`, and GET, PUT, PATCH, DELETE on `…/{id}/`.
 */
export type PathPattern = 'actions' | 'detail';

const PATTERNS: Record<PathPattern, { update: string; delete: string }> = {
  actions: { update: '/update', delete: '/delete' },
  detail: { update: '', delete: '' },
};

/** The use cases behind the five operations; each answers the view its presenter writes. */
export interface ResourceHandlers<V, F, O extends string, C, U> {
  list(ctx: Context, query: ListQuery<F, O>): Promise<Page<V>>;
  create(ctx: Context, input: C): Promise<V>;
  get(ctx: Context): Promise<V>;
  /** PUT and PATCH alike: a PUT body was checked for the required fields, a PATCH body carries only what it changes. */
  update(ctx: Context, changes: U): Promise<V>;
  /** Answers nothing (204), or the record as it was (200) when `deleteAnswersRecord`. */
  delete(ctx: Context): Promise<V | void>;
}

export interface OrganisationResource<V, F extends object, O extends string, C extends object, U extends object> {
  /** The collection's path, with its parameters (`/api/v1.0/organisation/:org/vendors`). */
  base: string;
  /** What a record is called in the API description: `{ one: 'vendor', many: 'vendors' }`. */
  names: { one: string; many: string };
  /** The name of the record's path parameter; `id` when left out. */
  idParam?: string;
  pattern?: PathPattern;
  schema: WireSchema<unknown>;
  /** A shorter item in lists, where the resource has one (expenses). */
  listSchema?: WireSchema<unknown>;
  present(view: V, ctx: Context): object;
  presentListItem?(view: V, ctx: Context): object;
  /** The create's answer, where it shows more than the record (a key, shown once). */
  created?: { schema: WireSchema<unknown>; present(view: V, ctx: Context): object };
  /** The body of a create, and of PUT and PATCH, with `multipart` where a file may come. */
  input: { create: InputClass<C>; update: InputClass<U>; multipart?: boolean };
  list: { filters?: InputClass<F>; orderings: Orderings<O> };
  /** The writes that answer 409 on a state conflict. */
  conflicts?: Write[];
  deleteAnswersRecord?: boolean;
  handlers: ResourceHandlers<V, F, O, C, U>;
}

/**
 * Registers the list, create, detail, replace, update and delete operations
 * of an organisation-scoped resource, bodies bound to its `@Input` classes
 * and answers written by its presenter, each with its API description.
 */
export function registerOrganisationResource<V, F extends object, O extends string, C extends object, U extends object>(
  routes: Routes,
  resource: OrganisationResource<V, F, O, C, U>,
): void {
  const { base, handlers, present, input } = resource;
  const detail = `${base}/:${resource.idParam ?? 'id'}`;
  const paths = PATTERNS[resource.pattern ?? 'actions'];
  const conflicts = (write: Write): ErrorStatus[] => (resource.conflicts?.includes(write) ? [409] : []);
  const body = <T extends object>(dto: InputClass<T>) => ({ input: dto, multipart: input.multipart });
  const list: ListParameters<F, O> & { orderings: Orderings<O> } = resource.list;
  const { one, many } = resource.names;
  const article = /^[aeiou]/.test(one) ? 'an' : 'a';
  const anyMember = 'Any member of the organisation may call it.';

  routes.add({
    method: 'GET',
    path: base,
    summary: `List ${many}`,
    description: `The organisation's ${many}, a page at a time, filtered and ordered as the query says; with \`format=csv\`, every matching one as a file. ${anyMember}`,
    list,
    answers: [answers.page(resource.listSchema ?? resource.schema)],
    handle: async (ctx) => {
      const query = readList(ctx, list);
      const presentItem = resource.presentListItem ?? present;
      sendPage(ctx, await handlers.list(ctx, query), query.page, (view) => presentItem(view, ctx));
    },
  });
  routes.add({
    method: 'POST',
    path: `${base}/create`,
    summary: `Create ${article} ${one}`,
    description: `Creates ${article} ${one} in the organisation and answers it. An \`Idempotency-Key\` makes a retry safe. ${anyMember}`,
    body: body(input.create),
    answers: [answers.created(resource.created?.schema ?? resource.schema)],
    errors: conflicts('create'),
    handle: async (ctx) => {
      const view = await handlers.create(ctx, bindBody(ctx, input.create));
      ctx.status = 201;
      ctx.body = (resource.created?.present ?? present)(view, ctx);
    },
  });
  routes.refuse(`${base}/create`, ['POST']);
  routes.add({
    method: 'GET',
    path: detail,
    summary: `Get ${article} ${one}`,
    description: `One ${one}, with its \`ETag\`; \`If-None-Match\` makes an unchanged one a 304. ${anyMember}`,
    answers: [answers.ok(resource.schema)],
    handle: async (ctx) => {
      ctx.body = present(await handlers.get(ctx), ctx);
    },
  });
  for (const method of ['PUT', 'PATCH'] as const satisfies Method[]) {
    routes.add({
      method,
      path: `${detail}${paths.update}`,
      summary: method === 'PUT' ? `Replace ${article} ${one}` : `Update ${article} ${one}`,
      description:
        (method === 'PUT'
          ? `Writes the ${one}'s fields: the required ones must be sent, the others left out keep their values.`
          : `Changes the fields sent, and only those.`) + ` \`If-Match\` makes the change conditional on the version read. ${anyMember}`,
      body: body(input.update),
      answers: [answers.ok(resource.schema)],
      errors: conflicts('update'),
      precondition: detail,
      handle: async (ctx) => {
        ctx.body = present(await handlers.update(ctx, bindBody(ctx, input.update, method === 'PATCH')), ctx);
      },
    });
  }
  if (routes.history) {
    const history = routes.history;
    const model = modelOf(base);
    const organisationParam = /\/organisation\/:(\w+)/.exec(base)?.[1] ?? 'org';
    const idParam = resource.idParam ?? 'id';
    routes.add({
      method: 'GET',
      path: `${detail}/history`,
      summary: `History of ${article} ${one}`,
      description: `Who changed the ${one}, when and what, newest first, a page at a time. ${anyMember}`,
      list: {},
      answers: [answers.page(HISTORY_ENTRY_SCHEMA)],
      handle: async (ctx) => {
        const request = readPage(ctx);
        const entries = await history.execute(actorOf(ctx), ctx.params[organisationParam], model, ctx.params[idParam], request);
        // No entry: a record from before histories were kept, or none at all (404).
        if (entries.total === 0) await handlers.get(ctx);
        sendPage(ctx, entries, request, presentHistoryEntry);
      },
    });
  }
  routes.add({
    method: 'DELETE',
    path: `${detail}${paths.delete}`,
    summary: `Delete ${article} ${one}`,
    description: `Deletes the ${one}${resource.deleteAnswersRecord ? ' and answers it as it was' : ''}. \`If-Match\` makes it conditional on the version read. ${anyMember}`,
    answers: [resource.deleteAnswersRecord ? { ...answers.ok(resource.schema), description: 'The deleted record.' } : answers.noContent()],
    errors: conflicts('delete'),
    precondition: detail,
    handle: async (ctx) => {
      const deleted = await handlers.delete(ctx);
      if (resource.deleteAnswersRecord) ctx.body = present(deleted as V, ctx);
      else ctx.status = 204;
    },
  });
}

/** The model a resource's history names: its collection in the singular, `contact-groups` → `contact_group`. */
export function modelOf(base: string): string {
  const collection = base.split('/').pop() ?? '';
  return collection.replace(/s$/, '').replace(/-/g, '_');
}
