import { SALES_STAGE_NAME_MAX_LENGTH, SALES_STAGE_PROBABILITY, SalesStageSnapshot } from '../../../domain/sales-stage/sales-stage';
import { wire } from '../shared/present';
import { wireSchema as s } from '../shared/wire-schema';
import { NoneMissing, UnpresentedFields } from '../shared/field-coverage';

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

/** What `presentSalesStage` writes. */
export const SALES_STAGE_SCHEMA = s.named(
  'SalesStage',
  s.object<ReturnType<typeof presentSalesStage>>({
    unique_id: s.uniqueId(),
    name: s.text({ max: SALES_STAGE_NAME_MAX_LENGTH }),
    description: s.nullable(s.text()),
    probability: s.decimal(SALES_STAGE_PROBABILITY),
    is_active: s.boolean(),
    is_closed_won: s.boolean(),
    is_closed_lost: s.boolean(),
    position: s.integer(),
    date_created: s.dateTime(),
    last_updated: s.dateTime(),
  }),
);

// Every field reaches the wire (see field-coverage.ts).
export type SalesStageFieldsPresented = NoneMissing<UnpresentedFields<SalesStageSnapshot, ReturnType<typeof presentSalesStage>, 'id' | 'organisationId'> & string>;
