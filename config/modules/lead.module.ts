import { membersAsReferences } from '../../application/person/members-as-references';
import { PERSON_TOKENS, PersonRepository } from '../../application/person/person.ports';
import { ContainerModule } from 'inversify';
import { LEAD_DECLARATION } from '../../adapters/declaration/lead/lead.declaration';
import { InMemoryLeadRepository } from '../../adapters/persistence/in-memory/in-memory-lead.repository';
import { TypeOrmLeadRepository } from '../../adapters/persistence/typeorm/lead/typeorm-lead.repository';
import { CLIENT_TOKENS } from '../../application/client/client.kind';
import { LEAD_TOKENS, leadKind } from '../../application/lead/lead.kind';
import { ReferencedRecords } from '../../application/records/record-kind';
import { SALES_STAGE_TOKENS } from '../../application/sales-stage/sales-stage.ports';
import { declaredResourceModule } from './declared-resource.module';
import { Storage } from './storage';

/** Leads, which name a sales stage and a client. The sales module answers by their repository whether a stage or a client is in use. */
export function leadModule(storage: Storage): ContainerModule {
  return declaredResourceModule(storage, {
    declaration: LEAD_DECLARATION,
    kind: (context) =>
      leadKind(
        context.get<ReferencedRecords>(SALES_STAGE_TOKENS.SalesStageRepository),
        context.get<ReferencedRecords>(CLIENT_TOKENS.ClientRepository),
        membersAsReferences(context.get<PersonRepository>(PERSON_TOKENS.PersonRepository)),
      ),
    repositoryToken: LEAD_TOKENS.LeadRepository,
    repositories: { typeorm: TypeOrmLeadRepository, memory: () => new InMemoryLeadRepository() },
  });
}
