import { inject, injectable } from 'inversify';
import {
  SALES_STAGE_IN_USE,
  SalesStageListQuery,
  SalesStageOrderingField,
  SalesStageRepository,
} from '../../../../application/sales-stage/sales-stage.ports';
import { Page } from '../../../../application/shared/page';
import { SalesStage } from '../../../../domain/sales-stage/sales-stage';
import { TypeOrmDatabase } from '../database';
import { OrganisationRecords, SortKey } from '../organisation-records';
import { SalesStageMapper } from './sales-stage.mapper';
import { SalesStageRow } from './sales-stage.schema';

const SORT_KEYS: Record<SalesStageOrderingField, SortKey> = {
  position: { column: 'position' },
  name: { column: 'name_key' },
  probability: { column: 'probability' },
  dateCreated: { column: 'date_created' },
};

@injectable()
export class TypeOrmSalesStageRepository implements SalesStageRepository {
  private readonly records: OrganisationRecords<SalesStageRow, SalesStage>;

  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {
    this.records = new OrganisationRecords(db, 'SalesStage', new SalesStageMapper(), {
      model: 'sales stage',
      inUse: SALES_STAGE_IN_USE,
    });
  }

  findByUniqueId(organisationId: string, uniqueId: string): Promise<SalesStage | null> {
    return this.records.findByUniqueId(organisationId, uniqueId);
  }

  findByIds(organisationId: string, ids: string[]): Promise<SalesStage[]> {
    return this.records.findByIds(organisationId, ids);
  }

  list(organisationId: string, query: SalesStageListQuery): Promise<Page<SalesStage>> {
    const { field, descending } = query.ordering;
    return this.records.page((m) => this.records.select(m, organisationId), SORT_KEYS[field], descending, query.page);
  }

  async nextPosition(organisationId: string): Promise<number> {
    const row = await this.db.run((m) =>
      this.records.select(m, organisationId).select('MAX(r.position)', 'last').getRawOne<{ last: unknown }>(),
    );
    return row?.last == null ? 0 : Number(row.last) + 1;
  }

  save(stage: SalesStage): Promise<void> {
    return this.records.save(stage);
  }

  delete(stage: SalesStage): Promise<void> {
    return this.records.delete(stage.id);
  }
}
