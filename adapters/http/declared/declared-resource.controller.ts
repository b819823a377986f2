import { RecordKind } from '../../../application/records/record-kind';
import { RecordView } from '../../../application/records/record-views';
import { RecordFilters } from '../../../application/records/record.ports';
import { Actor } from '../../../application/shared/actor';
import { ListQuery, Page } from '../../../application/shared/page';
import { ResourceDeclaration } from '../../declaration/resource-declaration';
import { actorOf } from '../middleware/authentication';
import { API_PREFIX, HttpController } from '../shared/controller';
import { registerOrganisationResource } from '../shared/organisation-resource';
import { Routes } from '../shared/routes';
import { filterClassOf, hasFilters, orderingsOf, resourceInputs } from './declared-input';
import { presenterOf, schemaOf } from './declared-presenter';

/** The five use cases of a declared kind (`ListRecords`, `CreateRecord`, … configured with it). */
export interface RecordUseCases {
  list: { execute(actor: Actor, organisation: string, query: ListQuery<RecordFilters, string>): Promise<Page<RecordView>> };
  create: { execute(actor: Actor, organisation: string, command: object): Promise<RecordView> };
  get: { execute(actor: Actor, organisation: string, uniqueId: string): Promise<RecordView> };
  update: { execute(actor: Actor, organisation: string, uniqueId: string, changes: object): Promise<RecordView> };
  delete: { execute(actor: Actor, organisation: string, uniqueId: string): Promise<void> };
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
    const references = declaration.fields.some((field) => field.type.type === 'reference');
    registerOrganisationResource(routes, {
      names: this.kind.names,
      base: `${API_PREFIX}/organisation/:org/${declaration.path ?? this.kind.names.many}`,
      schema: schemaOf(declaration),
      present: presenterOf(declaration),
      input,
      list: { filters: hasFilters(declaration) ? filterClassOf(declaration) : undefined, orderings: orderingsOf(declaration) },
      // A record it names may be deleted meanwhile (409); one that others name is not deleted (409 `in_use`).
      conflicts: [...(references ? (['create', 'update'] as const) : []), ...(declaration.storage.inUse === undefined ? [] : (['delete'] as const))],
      handlers: {
        list: (ctx, query) => useCases.list.execute(actorOf(ctx), ctx.params.org, query as ListQuery<RecordFilters, string>),
        create: (ctx, command) => useCases.create.execute(actorOf(ctx), ctx.params.org, command),
        get: (ctx) => useCases.get.execute(actorOf(ctx), ctx.params.org, ctx.params.id),
        update: (ctx, changes) => useCases.update.execute(actorOf(ctx), ctx.params.org, ctx.params.id, changes),
        delete: (ctx) => useCases.delete.execute(actorOf(ctx), ctx.params.org, ctx.params.id),
      },
    });
  }
}
