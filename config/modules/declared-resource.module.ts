import { ContainerModule } from 'inversify';
import { DECLARED_RESOURCES } from '../../adapters/declaration/declared-resources';
import { ResourceDeclaration } from '../../adapters/declaration/resource-declaration';
import { DeclaredResourceController } from '../../adapters/http/declared/declared-resource.controller';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { InMemoryDeclaredRecords } from '../../adapters/persistence/in-memory/in-memory-declared-records';
import { TypeOrmDeclaredRecords } from '../../adapters/persistence/typeorm/declared/typeorm-declared.repository';
import { TypeOrmDatabase } from '../../adapters/persistence/typeorm/engine';
import { OrganisationAccess } from '../../application/organisation/organisation-access';
import { PERSON_TOKENS } from '../../application/person/person.ports';
import { RecordContext } from '../../application/records/record-context';
import { KeptRecord, recordContextToken, recordRepositoryToken, WiredRecordKind } from '../../application/records/record-kind';
import { recordUseCases } from '../../application/records/record-use-cases';
import { RecordViews } from '../../application/records/record-views';
import { SHARED_TOKENS } from '../../application/shared/ports';
import { EVENT_TOKENS } from '../../application/webhook/record-events';
import { OrganisationRecordState } from '../../domain/shared/organisation-record';
import { Storage } from './storage';

type AnyRecord = KeptRecord<OrganisationRecordState>;

/**
 * Every declared resource, bound from its declaration: its repository on the
 * storage in use (under its kind's token, for other areas that read its
 * records), its record context (kind, views, the steps of the five use
 * cases) and its HTTP controller. A new resource is its declaration; nothing here changes.
 */
export function declaredResourcesModule(storage: Storage): ContainerModule {
  return new ContainerModule(({ bind }) => {
    for (const declaration of DECLARED_RESOURCES) {
      const people = declaration.fields.filter((field) => field.type.type === 'person' && !field.derived).map((field) => field.property);
      const contextToken = recordContextToken(declaration.names.one);
      const repositoryToken = recordRepositoryToken(declaration.names.one);
      bindRepository(bind, storage, declaration, repositoryToken);
      bind(contextToken)
        .toDynamicValue((context) => {
          const made = declaration.kind((token) => context.get(token));
          const kind: WiredRecordKind<AnyRecord> = { ...made, names: declaration.names, people };
          return new RecordContext<AnyRecord>(
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
        .toDynamicValue((context) => new DeclaredResourceController(declaration, recordUseCases(context.get<RecordContext<AnyRecord>>(contextToken))))
        .inSingletonScope();
    }
  });
}

type Bind = Parameters<ConstructorParameters<typeof ContainerModule>[0]>[0]['bind'];

function bindRepository(bind: Bind, storage: Storage, declaration: ResourceDeclaration, token: symbol): void {
  if (storage.kind === 'typeorm') {
    bind(token)
      .toDynamicValue((context) => new TypeOrmDeclaredRecords(context.get(TypeOrmDatabase), context.get(SHARED_TOKENS.SecretBox), declaration))
      .inSingletonScope();
  } else {
    bind(token).toConstantValue(new InMemoryDeclaredRecords(declaration));
  }
}
