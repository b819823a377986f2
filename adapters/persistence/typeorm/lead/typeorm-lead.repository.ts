import { inject, injectable } from 'inversify';
import { ClientReferences } from '../../../../application/client/client.kind';
import { SalesStageReferences } from '../../../../application/sales-stage/sales-stage.ports';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { Lead } from '../../../../domain/lead/lead';
import { LEAD_DECLARATION } from '../../../declaration/lead/lead.declaration';
import { TypeOrmDeclaredRecords } from '../declared/typeorm-declared.repository';
import { TypeOrmDatabase } from '../engine';

/** Leads; also answers whether a stage or a client is still in use by one. */
@injectable()
export class TypeOrmLeadRepository extends TypeOrmDeclaredRecords<Lead> implements SalesStageReferences, ClientReferences {
  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase, @inject(SHARED_TOKENS.SecretBox) box: SecretBox) {
    super(db, box, LEAD_DECLARATION);
  }

  isSalesStageReferenced(organisationId: string, salesStageId: string): Promise<boolean> {
    return this.exists(organisationId, 'r.sales_stage_id = :salesStageId', { salesStageId });
  }

  isClientReferenced(organisationId: string, clientId: string): Promise<boolean> {
    return this.exists(organisationId, 'r.client_id = :clientId', { clientId });
  }
}
