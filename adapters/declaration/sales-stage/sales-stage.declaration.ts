import { SALES_STAGE_IN_USE } from '../../../application/sales-stage/sales-stage.ports';
import { SALES_STAGE_NAME_MAX_LENGTH, SALES_STAGE_PROBABILITY, SalesStage, SalesStageSnapshot } from '../../../domain/sales-stage/sales-stage';
import { fieldsOf } from '../declared-field';
import { declareResource } from '../resource-declaration';

const f = fieldsOf<SalesStageSnapshot>();

/** A stage's position is a PostgreSQL-sized integer, as Django's PositiveIntegerField. */
const POSITION_MAX = 2_147_483_647;

/** `/organisation/{uid}/sales-stages/` (contract section 5): the organisation's pipeline, in its own order by default. */
export const SALES_STAGE_DECLARATION = declareResource<SalesStageSnapshot>()({
  names: { one: 'sales stage', many: 'sales stages' },
  path: { collection: 'sales-stages' },
  schemaName: 'SalesStage',
  tagDescription: "The stages of an organisation's sales pipeline.",
  // The pipeline a lead moves through.
  keyArea: 'leads',
  tagAfter: 'Accounts',
  table: 'sales_stages',
  restore: SalesStage.restore,
  defaultOrdering: 'position',
  fields: [
    f.uniqueId(),
    f.text('name', { max: SALES_STAGE_NAME_MAX_LENGTH, required: true, folded: true, ordering: true }),
    f.text('description', { nullable: true }),
    f.decimal('probability', SALES_STAGE_PROBABILITY, { ordering: true }),
    f.boolean('isActive', { default: true }),
    f.boolean('isClosedWon'),
    f.boolean('isClosedLost'),
    // A stage added without a position goes after the last one, whatever its value.
    f.integer('position', { min: 0, max: POSITION_MAX, boundsOnInput: true, ordering: true }),
    f.timestamp('dateCreated', { ordering: true }),
    f.timestamp('lastUpdated'),
  ],
  storage: {
    inUse: SALES_STAGE_IN_USE,
    indices: [{ name: 'ix_sales_stages_org_position', columns: ['organisation_id', 'position', 'id'] }],
  },
});
