import { SalesStageOrderingField, SalesStageRepository } from '../../../application/sales-stage/sales-stage.ports';
import { NoFilters } from '../../../application/shared/page';
import { SalesStage, SalesStageSnapshot } from '../../../domain/sales-stage/sales-stage';
import { searchKey } from '../search-key';
import { InMemoryRecords } from './in-memory-records';

export class InMemorySalesStageRepository
  extends InMemoryRecords<SalesStageSnapshot, SalesStage, NoFilters, SalesStageOrderingField>
  implements SalesStageRepository
{
  protected readonly collection = {
    restore: SalesStage.restore,
    model: 'sales stage',
    sortKeys: {
      position: (s: SalesStageSnapshot) => s.position,
      name: (s: SalesStageSnapshot) => searchKey(s.name),
      probability: (s: SalesStageSnapshot) => s.probability.toUnits(2),
      dateCreated: (s: SalesStageSnapshot) => s.dateCreated.getTime(),
    },
  };

  async nextPosition(organisationId: string): Promise<number> {
    return this.of(organisationId).reduce((next, s) => Math.max(next, s.position + 1), 0);
  }
}
