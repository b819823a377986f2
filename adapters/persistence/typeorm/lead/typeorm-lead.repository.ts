import { inject, injectable } from 'inversify';
import { ClientReferences } from '../../../../application/client/client.kind';
import { LeadFilters, LeadOrderingField, LeadRepository } from '../../../../application/lead/lead.ports';
import { SalesStageReferences } from '../../../../application/sales-stage/sales-stage.ports';
import { Lead } from '../../../../domain/lead/lead';
import { Conditions, TypeOrmDatabase } from '../engine';
import { OrganisationRecords } from '../organisation-records';
import { leadConditions } from './lead-conditions';
import { LeadMapper } from './lead.mapper';
import { LeadRow } from './lead.schema';

/** Leads; also answers whether a stage or a client is still in use by one. */
@injectable()
export class TypeOrmLeadRepository
  extends OrganisationRecords<LeadRow, Lead, LeadFilters, LeadOrderingField>
  implements LeadRepository, SalesStageReferences, ClientReferences
{
  protected readonly table = {
    entity: 'Lead',
    mapper: new LeadMapper(),
    model: 'lead',
    counted: true,
    unread: ['title_key'],
    sortKeys: {
      title: { column: 'title_key' },
      estimatedValue: { column: 'estimated_value', nullable: true },
      winProbability: { column: 'win_probability', nullable: true },
      expectedCloseDate: { column: 'expected_close_date', nullable: true },
      dateCreated: { column: 'date_created' },
    },
  };

  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase) {
    super(db);
  }

  isSalesStageReferenced(organisationId: string, salesStageId: string): Promise<boolean> {
    return this.exists(organisationId, 'r.sales_stage_id = :salesStageId', { salesStageId });
  }

  isClientReferenced(organisationId: string, clientId: string): Promise<boolean> {
    return this.exists(organisationId, 'r.client_id = :clientId', { clientId });
  }

  protected override filtered(query: Conditions, filters: LeadFilters): Conditions {
    return leadConditions(this.db.dialect, query, filters);
  }
}
