import { SalesStageSnapshot } from '../../../domain/sales-stage/sales-stage';
import { wire } from '../shared/present';

export function presentSalesStage(s: SalesStageSnapshot) {
  return {
    unique_id: s.uniqueId,
    name: s.name,
    description: s.description,
    probability: wire.decimal(s.probability),
    is_active: s.isActive,
    is_closed_won: s.isClosedWon,
    is_closed_lost: s.isClosedLost,
    position: s.position,
    date_created: wire.dateTime(s.dateCreated),
    last_updated: wire.dateTime(s.lastUpdated),
  };
}
