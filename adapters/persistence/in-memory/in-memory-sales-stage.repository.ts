import {
  SalesStageListQuery,
  SalesStageOrderingField,
  SalesStageRepository,
} from '../../../application/sales-stage/sales-stage.ports';
import { Page } from '../../../application/shared/page';
import { SalesStage, SalesStageSnapshot } from '../../../domain/sales-stage/sales-stage';
import { searchKey } from '../search-key';
import { InMemoryRecords, SortValue } from './in-memory-records';

const SORT_KEYS: Record<SalesStageOrderingField, (s: SalesStageSnapshot) => SortValue> = {
  position: (s) => s.position,
  name: (s) => searchKey(s.name),
  probability: (s) => s.probability.toUnits(2),
  dateCreated: (s) => s.dateCreated.getTime(),
};

export class InMemorySalesStageRepository implements SalesStageRepository {
  private readonly records = new InMemoryRecords<SalesStageSnapshot, SalesStage>(SalesStage.restore, 'sales stage');

  async findByUniqueId(organisationId: string, uniqueId: string): Promise<SalesStage | null> {
    return this.records.findByUniqueId(organisationId, uniqueId);
  }

  async findByIds(organisationId: string, ids: string[]): Promise<SalesStage[]> {
    return this.records.findByIds(organisationId, ids);
  }

  async list(organisationId: string, query: SalesStageListQuery): Promise<Page<SalesStage>> {
    const { field, descending } = query.ordering;
    return this.records.page(this.records.of(organisationId), SORT_KEYS[field], descending, query.page);
  }

  async nextPosition(organisationId: string): Promise<number> {
    return this.records.of(organisationId).reduce((next, s) => Math.max(next, s.position + 1), 0);
  }

  async save(stage: SalesStage): Promise<void> {
    this.records.save(stage);
  }

  async delete(stage: SalesStage): Promise<void> {
    this.records.delete(stage.id);
  }
}
