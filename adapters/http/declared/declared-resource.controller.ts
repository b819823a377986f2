import { Context } from 'koa';
import { RecordPlace } from '../../../application/records/record-context';
import { RecordKind } from '../../../application/records/record-kind';
import { RecordView } from '../../../application/records/record-views';
import { RecordFilters } from '../../../application/records/record.ports';
import { Actor } from '../../../application/shared/actor';
import { ListQuery, Page } from '../../../application/shared/page';
import { collectionOf, parentField, ResourceDeclaration } from '../../declaration/resource-declaration';
import { actorOf } from '../middleware/authentication';
import { API_PREFIX, HttpController, originOf } from '../shared/controller';
import { registerOrganisationResource } from '../shared/organisation-resource';
import { Routes } from '../shared/routes';
import { filterClassOf, hasFilters, orderingsOf, resourceInputs } from './declared-input';
import { createdPresenterOf, createdSchemaOf, listPresenterOf, listSchemaOf, presenterOf, schemaOf } from './declared-presenter';

/** The five use cases of a declared kind (`ListRecords`, `CreateRecord`, … configured with it). */
export interface RecordUseCases {
  list: { execute(actor: Actor, place: RecordPlace, query: ListQuery<RecordFilters, string>): Promise<Page<RecordView>> };
  create: { execute(actor: Actor, place: RecordPlace, command: object): Promise<RecordView> };
  get: { execute(actor: Actor, place: RecordPlace, uniqueId: string): Promise<RecordView> };
  update: { execute(actor: Actor, place: RecordPlace, uniqueId: string, changes: object): Promise<RecordView> };
  /** The record as it was, for a resource whose delete answers it. */
  delete: { execute(actor: Actor, place: RecordPlace, uniqueId: string): Promise<RecordView | void> };
}

/**
 * `/api/v1.0/organisation/{org}/<collection>/…` of a declared resource: its
 * operations registered with the body, filters, orderings, presenter and
 * schema its declaration makes.
 */
export class DeclaredResourceController implements HttpController {
  constructor(
    private readonly declaration: ResourceDeclaration,
    private readonly kind: Pick<RecordKind<never, never>, 'names'>,
    private readonly useCases: RecordUseCases,
  ) {}

  register(routes: Routes): void {
    const { declaration, useCases } = this;
    const input = resourceInputs(declaration);
    const path = declaration.path ?? {};
    const idParam = path.idParam ?? 'id';
    // A child resource (a contact) lives under its parent's record (`contact-groups/:group/contacts`).
    const parent = parentField(declaration);
    const parentType = parent?.type.type === 'parent' ? parent.type.parent : undefined;
    const parentParam = parentType?.path?.idParam ?? 'id';
    const under = parentType ? `${collectionOf(parentType)}/:${parentParam}/` : '';
    const placeOf = (ctx: Context): RecordPlace => (parentType ? { organisation: ctx.params.org, parent: ctx.params[parentParam] } : ctx.params.org);
    const references = declaration.fields.some((field) => field.type.type === 'reference');
    // A record it names may be deleted meanwhile, or a raced unique index refuse a write (409); one that others name is not deleted (409 `in_use`).
    const writesConflict = references || declaration.storage.raced !== undefined;
    const present = presenterOf(declaration);
    const presentListItem = listPresenterOf(declaration);
    const conflicts = new Set([
      ...(writesConflict ? (['create', 'update'] as const) : []),
      ...(declaration.storage.inUse === undefined ? [] : (['delete'] as const)),
      ...(declaration.storage.conflicts ?? []),
    ]);
    registerOrganisationResource(routes, {
      names: this.kind.names,
      base: `${API_PREFIX}/organisation/:org/${under}${collectionOf(declaration)}`,
      idParam: path.idParam,
      pattern: path.pattern,
      deleteAnswersRecord: path.deleteAnswersRecord,
      schema: schemaOf(declaration),
      listSchema: listSchemaOf(declaration),
      present: (view: RecordView, ctx) => present(view, originOf(ctx)),
      presentListItem: (view: RecordView, ctx) => presentListItem(view, originOf(ctx)),
      // What only the create's answer shows (`once`: a key), in a schema of its own.
      created: declaration.fields.some((field) => field.once) ? { schema: createdSchemaOf(declaration), present: createdPresenterOf(declaration) } : undefined,
      // A file travels in a multipart body.
      input: { ...input, multipart: declaration.fields.some((field) => field.type.type === 'file') || undefined },
      list: { filters: hasFilters(declaration) ? filterClassOf(declaration) : undefined, orderings: orderingsOf(declaration) },
      conflicts: (['create', 'update', 'delete'] as const).filter((write) => conflicts.has(write)),
      handlers: {
        list: (ctx, query) => useCases.list.execute(actorOf(ctx), placeOf(ctx), query as ListQuery<RecordFilters, string>),
        create: (ctx, command) => useCases.create.execute(actorOf(ctx), placeOf(ctx), command),
        get: (ctx) => useCases.get.execute(actorOf(ctx), placeOf(ctx), ctx.params[idParam]),
        update: (ctx, changes) => useCases.update.execute(actorOf(ctx), placeOf(ctx), ctx.params[idParam], changes),
        delete: (ctx) => useCases.delete.execute(actorOf(ctx), placeOf(ctx), ctx.params[idParam]),
      },
    });
  }
}
