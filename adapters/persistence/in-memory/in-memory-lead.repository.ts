import { ClientReferences } from '../../../application/client/client.kind';
import { SalesStageReferences } from '../../../application/sales-stage/sales-stage.ports';
import { Lead, LeadSnapshot } from '../../../domain/lead/lead';
import { LEAD_DECLARATION } from '../../declaration/lead/lead.declaration';
import { InMemoryDeclaredRecords } from './in-memory-declared-records';

/** The in-memory twin of `TypeOrmLeadRepository`. */
export class InMemoryLeadRepository extends InMemoryDeclaredRecords<Lead> implements SalesStageReferences, ClientReferences {
  constructor() {
    super(LEAD_DECLARATION);
  }

  async isSalesStageReferenced(organisationId: string, salesStageId: string): Promise<boolean> {
    return this.exists(organisationId, (s) => (s as LeadSnapshot).salesStageId === salesStageId);
  }

  async isClientReferenced(organisationId: string, clientId: string): Promise<boolean> {
    return this.exists(organisationId, (s) => (s as LeadSnapshot).clientId === clientId);
  }
}
