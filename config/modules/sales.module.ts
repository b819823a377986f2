import { ContainerModule } from 'inversify';
import { SALES_STAGE_DECLARATION } from '../../adapters/declaration/sales-stage/sales-stage.declaration';
import { InMemorySalesStageRepository } from '../../adapters/persistence/in-memory/in-memory-sales-stage.repository';
import { TypeOrmSalesStageRepository } from '../../adapters/persistence/typeorm/sales-stage/typeorm-sales-stage.repository';
import { CLIENT_TOKENS } from '../../application/client/client.kind';
import { LEAD_TOKENS } from '../../application/lead/lead.kind';
import { ORGANISATION_TOKENS } from '../../application/organisation/organisation.ports';
import { DefaultPipelineSeeder } from '../../application/sales-stage/default-pipeline.seeder';
import { salesStageKind } from '../../application/sales-stage/sales-stage.kind';
import { SALES_STAGE_TOKENS, SalesStageReferences, SalesStageRepository } from '../../application/sales-stage/sales-stage.ports';
import { declaredResourceModule } from './declared-resource.module';
import { Storage } from './storage';

/** Sales stages (clients and leads: their own modules). The lead repository answers whether a stage or a client is in use. */
export function salesModule(storage: Storage): ContainerModule {
  return declaredResourceModule(
    storage,
    {
      declaration: SALES_STAGE_DECLARATION,
      kind: (context) =>
        salesStageKind(context.get<SalesStageRepository>(SALES_STAGE_TOKENS.SalesStageRepository), context.get<SalesStageReferences>(SALES_STAGE_TOKENS.SalesStageReferences)),
      repositoryToken: SALES_STAGE_TOKENS.SalesStageRepository,
      repositories: { typeorm: TypeOrmSalesStageRepository, memory: () => new InMemorySalesStageRepository() },
    },
    ({ bind }) => {
      bind(SALES_STAGE_TOKENS.SalesStageReferences).toService(LEAD_TOKENS.LeadRepository);
      bind(CLIENT_TOKENS.ClientReferences).toService(LEAD_TOKENS.LeadRepository);
      bind(ORGANISATION_TOKENS.OrganisationSeeder).to(DefaultPipelineSeeder).inSingletonScope();
    },
  );
}
