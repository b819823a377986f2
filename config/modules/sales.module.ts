import { ContainerModule } from 'inversify';
import { SalesStageController } from '../../adapters/http/sales-stage/sales-stage.controller';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { InMemorySalesStageRepository } from '../../adapters/persistence/in-memory/in-memory-sales-stage.repository';
import { TypeOrmSalesStageRepository } from '../../adapters/persistence/typeorm/sales-stage/typeorm-sales-stage.repository';
import { CLIENT_TOKENS } from '../../application/client/client.kind';
import { LEAD_TOKENS } from '../../application/lead/lead.kind';
import { ORGANISATION_TOKENS } from '../../application/organisation/organisation.ports';
import { DefaultPipelineSeeder } from '../../application/sales-stage/default-pipeline.seeder';
import { SALES_STAGE_TOKENS } from '../../application/sales-stage/sales-stage.ports';
import { Storage } from './storage';

/** Sales stages (clients and leads: their own modules). The lead repository answers whether a stage or a client is in use. */
export function salesModule(storage: Storage): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (storage.kind === 'typeorm') {
      bind(SALES_STAGE_TOKENS.SalesStageRepository).to(TypeOrmSalesStageRepository).inSingletonScope();
    } else {
      bind(SALES_STAGE_TOKENS.SalesStageRepository).toConstantValue(new InMemorySalesStageRepository());
    }
    bind(SALES_STAGE_TOKENS.SalesStageReferences).toService(LEAD_TOKENS.LeadRepository);
    bind(CLIENT_TOKENS.ClientReferences).toService(LEAD_TOKENS.LeadRepository);
    bind(ORGANISATION_TOKENS.OrganisationSeeder).to(DefaultPipelineSeeder).inSingletonScope();
    bind(HTTP_TOKENS.Controller).to(SalesStageController).inSingletonScope();
  });
}
