import { ContainerModule } from 'inversify';
import { SALES_STAGE_DECLARATION } from '../../adapters/declaration/sales-stage/sales-stage.declaration';
import { ClientController } from '../../adapters/http/client/client.controller';
import { LeadController } from '../../adapters/http/lead/lead.controller';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { InMemoryClientRepository } from '../../adapters/persistence/in-memory/in-memory-client.repository';
import { InMemoryLeadRepository } from '../../adapters/persistence/in-memory/in-memory-lead.repository';
import { InMemorySalesStageRepository } from '../../adapters/persistence/in-memory/in-memory-sales-stage.repository';
import { TypeOrmClientRepository } from '../../adapters/persistence/typeorm/client/typeorm-client.repository';
import { TypeOrmLeadRepository } from '../../adapters/persistence/typeorm/lead/typeorm-lead.repository';
import { TypeOrmSalesStageRepository } from '../../adapters/persistence/typeorm/sales-stage/typeorm-sales-stage.repository';
import { CLIENT_TOKENS } from '../../application/client/client.ports';
import { LEAD_TOKENS } from '../../application/lead/lead.ports';
import { ORGANISATION_TOKENS } from '../../application/organisation/organisation.ports';
import { DefaultPipelineSeeder } from '../../application/sales-stage/default-pipeline.seeder';
import { salesStageKind } from '../../application/sales-stage/sales-stage.kind';
import { SALES_STAGE_TOKENS, SalesStageReferences, SalesStageRepository } from '../../application/sales-stage/sales-stage.ports';
import { bindDeclaredResource } from './declared-resource.module';
import { Storage } from './storage';

/** Sales stages, clients and leads. The lead repository answers whether a stage or a client is in use. */
export function salesModule(storage: Storage): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindDeclaredResource(bind, storage, {
      declaration: SALES_STAGE_DECLARATION,
      kind: (context) =>
        salesStageKind(context.get<SalesStageRepository>(SALES_STAGE_TOKENS.SalesStageRepository), context.get<SalesStageReferences>(SALES_STAGE_TOKENS.SalesStageReferences)),
      repositoryToken: SALES_STAGE_TOKENS.SalesStageRepository,
      repositories: { typeorm: TypeOrmSalesStageRepository, memory: () => new InMemorySalesStageRepository() },
    });
    if (storage.kind === 'typeorm') {
      bind(CLIENT_TOKENS.ClientRepository).to(TypeOrmClientRepository).inSingletonScope();
      bind(LEAD_TOKENS.LeadRepository).to(TypeOrmLeadRepository).inSingletonScope();
    } else {
      bind(CLIENT_TOKENS.ClientRepository).toConstantValue(new InMemoryClientRepository());
      bind(LEAD_TOKENS.LeadRepository).toConstantValue(new InMemoryLeadRepository());
    }
    bind(SALES_STAGE_TOKENS.SalesStageReferences).toService(LEAD_TOKENS.LeadRepository);
    bind(CLIENT_TOKENS.ClientReferences).toService(LEAD_TOKENS.LeadRepository);
    bind(ORGANISATION_TOKENS.OrganisationSeeder).to(DefaultPipelineSeeder).inSingletonScope();
    bind(HTTP_TOKENS.Controller).to(ClientController).inSingletonScope();
    bind(HTTP_TOKENS.Controller).to(LeadController).inSingletonScope();
  });
}
