import { ClientReferences } from '../../../application/client/client.ports';
import { LeadListQuery, LeadOrderingField, LeadRepository } from '../../../application/lead/lead.ports';
import { SalesStageReferences } from '../../../application/sales-stage/sales-stage.ports';
import { Page } from '../../../application/shared/page';
import { Lead, leadOutcome, LeadSnapshot } from '../../../domain/lead/lead';
import { searchKey } from '../search-key';
import { contains, InMemoryRecords, SortValue } from './in-memory-records';

const SORT_KEYS: Record<LeadOrderingField, (s: LeadSnapshot) => SortValue> = {
  title: (s) => searchKey(s.title),
  estimatedValue: (s) => s.estimatedValue?.toUnits(2) ?? null,
  winProbability: (s) => s.winProbability?.toUnits(2) ?? null,
  expectedCloseDate: (s) => s.expectedCloseDate?.toString() ?? null,
  dateCreated: (s) => s.dateCreated.getTime(),
};

export class InMemoryLeadRepository implements LeadRepository, SalesStageReferences, ClientReferences {
  private readonly records = new InMemoryRecords<LeadSnapshot, Lead>(Lead.restore, 'lead');

  async findByUniqueId(organisationId: string, uniqueId: string): Promise<Lead | null> {
    return this.records.findByUniqueId(organisationId, uniqueId);
  }

  async list(organisationId: string, query: LeadListQuery): Promise<Page<Lead>> {
    const { title, source, outcome } = query.filters;
    const rows = this.records
      .of(organisationId)
      .filter((s) => title === undefined || contains(title, s.title))
      .filter((s) => source === undefined || s.leadSource === source)
      .filter((s) => outcome === undefined || leadOutcome(s.winProbability) === outcome);
    return this.records.page(rows, SORT_KEYS[query.ordering.field], query.ordering.descending, query.page);
  }

  async save(lead: Lead): Promise<void> {
    this.records.save(lead);
  }

  async delete(lead: Lead): Promise<void> {
    this.records.delete(lead.id);
  }

  async isSalesStageReferenced(organisationId: string, salesStageId: string): Promise<boolean> {
    return this.records.of(organisationId).some((s) => s.salesStageId === salesStageId);
  }

  async isClientReferenced(organisationId: string, clientId: string): Promise<boolean> {
    return this.records.of(organisationId).some((s) => s.clientId === clientId);
  }
}
