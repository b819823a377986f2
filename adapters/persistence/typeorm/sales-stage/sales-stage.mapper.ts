import { SalesStage } from '../../../../domain/sales-stage/sales-stage';
import { searchKey } from '../../search-key';
import { SalesStageRow } from './sales-stage.schema';

export class SalesStageMapper {
  toDomain(row: SalesStageRow): SalesStage {
    return SalesStage.restore({
      id: row.id,
      organisationId: row.organisation_id,
      uniqueId: row.unique_id,
      name: row.name,
      description: row.description,
      probability: row.probability,
      isActive: row.is_active,
      isClosedWon: row.is_closed_won,
      isClosedLost: row.is_closed_lost,
      position: row.position,
      dateCreated: row.date_created,
      lastUpdated: row.last_updated,
    });
  }

  toPersistence(stage: SalesStage): SalesStageRow {
    const s = stage.snapshot();
    return {
      id: s.id,
      organisation_id: s.organisationId,
      unique_id: s.uniqueId,
      name: s.name,
      name_key: searchKey(s.name),
      description: s.description,
      probability: s.probability,
      is_active: s.isActive,
      is_closed_won: s.isClosedWon,
      is_closed_lost: s.isClosedLost,
      position: s.position,
      date_created: s.dateCreated,
      last_updated: s.lastUpdated,
    };
  }
}
