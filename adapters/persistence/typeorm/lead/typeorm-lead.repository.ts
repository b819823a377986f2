import { inject, injectable } from 'inversify';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { ClientReferences } from '../../../../application/client/client.ports';
import {
  LeadFilters,
  LeadListQuery,
  LeadOrderingField,
  LeadRepository,
} from '../../../../application/lead/lead.ports';
import { SalesStageReferences } from '../../../../application/sales-stage/sales-stage.ports';
import { Page } from '../../../../application/shared/page';
import { Lead } from '../../../../domain/lead/lead';
import { TypeOrmDatabase } from '../database';
import { containing, OrganisationRecords, SortKey } from '../organisation-records';
import { LeadMapper } from './lead.mapper';
import { LeadRow } from './lead.schema';

const SORT_KEYS: Record<LeadOrderingField, SortKey> = {
  title: { column: 'title_key' },
  estimatedValue: { column: 'estimated_value', nullable: true },
  winProbability: { column: 'win_probability', nullable: true },
  expectedCloseDate: { column: 'expected_close_date', nullable: true },
  dateCreated: { column: 'date_created' },
};

/** Leads; also answers whether a stage or a client is still in use by one. */
@injectable()
export class TypeOrmLeadRepository implements LeadRepository, SalesStageReferences, ClientReferences {
  private readonly records: OrganisationRecords<LeadRow, Lead>;

  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase) {
    this.records = new OrganisationRecords(db, 'Lead', new LeadMapper(), { model: 'lead' });
  }

  findByUniqueId(organisationId: string, uniqueId: string): Promise<Lead | null> {
    return this.records.findByUniqueId(organisationId, uniqueId);
  }

  list(organisationId: string, query: LeadListQuery): Promise<Page<Lead>> {
    const { field, descending } = query.ordering;
    return this.records.page((m) => this.filtered(m, organisationId, query.filters), SORT_KEYS[field], descending, query.page);
  }

  /** The SQL of one page exactly as `list` runs it, for reading its query plan. */
  pageQuery(m: EntityManager, organisationId: string, query: LeadListQuery): SelectQueryBuilder<LeadRow> {
    const { field, descending } = query.ordering;
    return this.records.paged(this.filtered(m, organisationId, query.filters), SORT_KEYS[field], descending, query.page);
  }

  save(lead: Lead): Promise<void> {
    return this.records.save(lead);
  }

  delete(lead: Lead): Promise<void> {
    return this.records.delete(lead.id);
  }

  isSalesStageReferenced(organisationId: string, salesStageId: string): Promise<boolean> {
    return this.records.exists(organisationId, 'r.sales_stage_id = :salesStageId', { salesStageId });
  }

  isClientReferenced(organisationId: string, clientId: string): Promise<boolean> {
    return this.records.exists(organisationId, 'r.client_id = :clientId', { clientId });
  }

  private filtered(m: EntityManager, organisationId: string, filters: LeadFilters): SelectQueryBuilder<LeadRow> {
    const query = this.records.select(m, organisationId);
    if (filters.title !== undefined) {
      query.andWhere("r.title_key LIKE :title ESCAPE '\\'", { title: containing(filters.title) });
    }
    if (filters.source !== undefined) query.andWhere('r.lead_source = :source', { source: filters.source });
    if (filters.outcome !== undefined) query.andWhere('r.outcome = :outcome', { outcome: filters.outcome });
    return query;
  }
}
