import { inject, injectable } from 'inversify';
import { SALES_STAGE_IN_USE, SalesStageOrderingField, SalesStageRepository } from '../../../../application/sales-stage/sales-stage.ports';
import { NoFilters } from '../../../../application/shared/page';
import { SalesStage } from '../../../../domain/sales-stage/sales-stage';
import { TypeOrmDatabase } from '../engine';
import { OrganisationRecords } from '../organisation-records';
import { SalesStageMapper } from './sales-stage.mapper';
import { SalesStageRow } from './sales-stage.schema';

@injectable()
export class TypeOrmSalesStageRepository
  extends OrganisationRecords<SalesStageRow, SalesStage, NoFilters, SalesStageOrderingField>
  implements SalesStageRepository
{
  protected readonly table = {
    entity: 'SalesStage',
    mapper: new SalesStageMapper(),
    model: 'sales stage',
    inUse: SALES_STAGE_IN_USE,
    sortKeys: {
      position: { column: 'position' },
      name: { column: 'name_key' },
      probability: { column: 'probability' },
      dateCreated: { column: 'date_created' },
    },
  };

  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase) {
    super(db);
  }

  async nextPosition(organisationId: string): Promise<number> {
    const query = this.db.sql(`SELECT MAX(r.position) AS last FROM ${this.tableName} r WHERE r.organisation_id = :organisationId`, { organisationId });
    const [[row]] = await this.db.select([query]);
    return row?.last == null ? 0 : Number(row.last) + 1;
  }
}
