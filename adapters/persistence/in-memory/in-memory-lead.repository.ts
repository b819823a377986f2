import { ClientReferences } from '../../../application/client/client.kind';
import { LeadFilters, LeadOrderingField, LeadRepository } from '../../../application/lead/lead.ports';
import { SalesStageReferences } from '../../../application/sales-stage/sales-stage.ports';
import { Lead, leadOutcome, LeadSnapshot } from '../../../domain/lead/lead';
import { searchKey } from '../search-key';
import { contains, InMemoryRecords } from './in-memory-records';

export class InMemoryLeadRepository
  extends InMemoryRecords<LeadSnapshot, Lead, LeadFilters, LeadOrderingField>
  implements LeadRepository, SalesStageReferences, ClientReferences
{
  protected readonly collection = {
    restore: Lead.restore,
    model: 'lead',
    sortKeys: {
      title: (s: LeadSnapshot) => searchKey(s.title),
      estimatedValue: (s: LeadSnapshot) => s.estimatedValue?.toUnits(2) ?? null,
      winProbability: (s: LeadSnapshot) => s.winProbability?.toUnits(2) ?? null,
      expectedCloseDate: (s: LeadSnapshot) => s.expectedCloseDate?.toString() ?? null,
      dateCreated: (s: LeadSnapshot) => s.dateCreated.getTime(),
    },
  };

  async isSalesStageReferenced(organisationId: string, salesStageId: string): Promise<boolean> {
    return this.exists(organisationId, (s) => s.salesStageId === salesStageId);
  }

  async isClientReferenced(organisationId: string, clientId: string): Promise<boolean> {
    return this.exists(organisationId, (s) => s.clientId === clientId);
  }

  protected override matches(s: LeadSnapshot, filters: LeadFilters): boolean {
    const { title, source, outcome } = filters;
    return (
      (title === undefined || contains(title, s.title)) &&
      (source === undefined || s.leadSource === source) &&
      (outcome === undefined || leadOutcome(s.winProbability) === outcome)
    );
  }
}
