import { ContainerModule, ContainerModuleLoadOptions, Newable, ResolutionContext } from 'inversify';
import { ResourceDeclaration } from '../../adapters/declaration/resource-declaration';
import { DeclaredResourceController } from '../../adapters/http/declared/declared-resource.controller';
import { HTTP_TOKENS, HttpController } from '../../adapters/http/shared/controller';
import { InMemoryDeclaredRecords } from '../../adapters/persistence/in-memory/in-memory-declared-records';
import { TypeOrmDatabase } from '../../adapters/persistence/typeorm/engine';
import { TypeOrmDeclaredRecords } from '../../adapters/persistence/typeorm/declared/typeorm-declared.repository';
import { OrganisationAccess } from '../../application/organisation/organisation-access';
import { PERSON_TOKENS } from '../../application/person/person.ports';
import { RecordContext } from '../../application/records/record-context';
import { KeptRecord, recordContextToken, RecordKind, WiredRecordKind } from '../../application/records/record-kind';
import { recordUseCases } from '../../application/records/record-use-cases';
import { RecordViews } from '../../application/records/record-views';
import { RecordRepository } from '../../application/records/record.ports';
import { SHARED_TOKENS } from '../../application/shared/ports';
import { EVENT_TOKENS } from '../../application/webhook/record-events';
import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Storage } from './storage';

/** The table of people, which a reference field may name (their views read them with the others records name). */
const PERSONS_TABLE = 'persons';

/** A declared resource as the container wires it. */
export interface DeclaredResource<T extends KeptRecord<OrganisationRecordState>> {
  declaration: ResourceDeclaration;
  /** The kind, made with what it needs from the container. */
  kind: (context: ResolutionContext) => RecordKind<T, OrganisationRecordState, never, never>;
  /** The token its repository is bound to, for other areas that read its records. */
  repositoryToken: symbol;
  /** A repository with queries of its own (else the declaration's): TypeORM, and in memory. */
  repositories?: { typeorm: Newable<RecordRepository<T>>; memory: () => RecordRepository<T> };
  /** Its routes, where they are not the five of `DeclaredResourceController` (webhook endpoints: PATCH alone, a ping, deliveries). */
  controller?: (records: RecordContext<T>, context: ResolutionContext) => HttpController;
}

/**
 * Binds a declared resource: its repository on the storage in use, its
 * record context (kind, views and the five use cases' steps) and its HTTP
 * controller. The people its records name come from the declaration. What
 * else its area binds (a seeder, the ports other areas answer) goes in
 * `alongside`, bound after the resource.
 */
export function declaredResourceModule<T extends KeptRecord<OrganisationRecordState>>(
  storage: Storage,
  resource: DeclaredResource<T>,
  alongside?: (options: ContainerModuleLoadOptions) => void,
): ContainerModule {
  return new ContainerModule((options) => {
    bindDeclaredResource(options.bind, storage, resource);
    alongside?.(options);
  });
}

function bindDeclaredResource<T extends KeptRecord<OrganisationRecordState>>(
  bind: ContainerModuleLoadOptions['bind'],
  storage: Storage,
  resource: DeclaredResource<T>,
): void {
  const { declaration, repositoryToken } = resource;
  // The people its records name: as people, or by reference (an expense's employee).
  const people = declaration.fields
    .filter(({ type, derived }) => !derived && (type.type === 'person' || (type.type === 'reference' && type.table === PERSONS_TABLE)))
    .map((field) => field.property);
  if (resource.repositories) {
    if (storage.kind === 'typeorm') bind(repositoryToken).to(resource.repositories.typeorm).inSingletonScope();
    else bind(repositoryToken).toConstantValue(resource.repositories.memory());
  } else if (storage.kind === 'typeorm') {
    bind(repositoryToken)
      .toDynamicValue((context) => new TypeOrmDeclaredRecords(context.get(TypeOrmDatabase), context.get(SHARED_TOKENS.SecretBox), declaration))
      .inSingletonScope();
  } else {
    bind(repositoryToken).toConstantValue(new InMemoryDeclaredRecords(declaration));
  }
  const contextToken = recordContextToken(declaration.names.one);
  bind(contextToken)
    .toDynamicValue((context) => {
      const made = resource.kind(context);
      const referenceFields = declaration.fields.flatMap((field) => {
        if (field.type.type !== 'reference') return [];
        const records = made.references?.[field.property];
        if (!records) throw new Error(`The ${declaration.names.one} kind names no records for its reference ${field.property}`);
        return [{ property: field.property, wire: field.wire, records, filter: field.filter }];
      });
      const kind: WiredRecordKind<T> = { ...made, repository: repositoryToken, people, referenceFields };
      return new RecordContext<T>(
        kind,
        context.get(repositoryToken),
        new RecordViews(kind, context.get(PERSON_TOKENS.PersonRepository), context.get(SHARED_TOKENS.Clock)),
        context.get(OrganisationAccess),
        context.get(SHARED_TOKENS.UnitOfWork),
        context.get(SHARED_TOKENS.Clock),
        context.get(SHARED_TOKENS.IdGenerator),
        context.get(EVENT_TOKENS.RecordEvents),
      );
    })
    .inSingletonScope();
  bind(HTTP_TOKENS.Controller)
    .toDynamicValue((context) => {
      const records = context.get<RecordContext<T>>(contextToken);
      if (resource.controller) return resource.controller(records, context);
      return new DeclaredResourceController(declaration, records.kind, recordUseCases(records));
    })
    .inSingletonScope();
}
