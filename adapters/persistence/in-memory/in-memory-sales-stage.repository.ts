import { SalesStageRepository } from '../../../application/sales-stage/sales-stage.ports';
import { SalesStage, SalesStageSnapshot } from '../../../domain/sales-stage/sales-stage';
import { SALES_STAGE_DECLARATION } from '../../declaration/sales-stage/sales-stage.declaration';
import { InMemoryDeclaredRecords } from './in-memory-declared-records';

/** The in-memory twin of `TypeOrmSalesStageRepository`. */
export class InMemorySalesStageRepository extends InMemoryDeclaredRecords<SalesStage> implements SalesStageRepository {
  constructor() {
    super(SALES_STAGE_DECLARATION);
  }

  async nextPosition(organisationId: string): Promise<number> {
    return this.of(organisationId).reduce((next, s) => Math.max(next, (s as SalesStageSnapshot).position + 1), 0);
  }
}
