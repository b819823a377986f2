import { SalesStageOrderingField } from '../../../application/sales-stage/sales-stage.ports';
import { SALES_STAGE_NAME_MAX_LENGTH, SALES_STAGE_PROBABILITY, SalesStageChanges } from '../../../domain/sales-stage/sales-stage';
import { Decimal } from '../../../domain/shared/decimal';
import { fields } from '../validation/fields';
import { Input } from '../validation/input';
import { Orderings } from '../validation/query';
import { NoneMissing, UnboundFields } from '../shared/field-coverage';

/** A stage's position is a PostgreSQL-sized integer, as Django's PositiveIntegerField. */
const POSITION_MAX = 2_147_483_647;

/** The writable fields of a sales stage (read-only ones are not declared, so ignored). */
export class SalesStageInput {
  @Input('unique_id', fields.uniqueId()) uniqueId?: string;
  @Input('name', fields.text({ required: true, max: SALES_STAGE_NAME_MAX_LENGTH })) name?: string;
  @Input('description', fields.text({ nullable: true })) description?: string | null;
  @Input('probability', fields.decimal(SALES_STAGE_PROBABILITY)) probability?: Decimal;
  @Input('is_active', fields.boolean()) isActive?: boolean;
  @Input('is_closed_won', fields.boolean()) isClosedWon?: boolean;
  @Input('is_closed_lost', fields.boolean()) isClosedLost?: boolean;
  @Input('position', fields.integer({ min: 0, max: POSITION_MAX })) position?: number;
}

export type NewSalesStageInput = SalesStageInput & { name: string };

/** The pipeline in its own order by default. */
export const SALES_STAGE_ORDERINGS: Orderings<SalesStageOrderingField> = {
  choices: { position: 'position', name: 'name', probability: 'probability', date_created: 'dateCreated' },
  default: { field: 'position', descending: false },
};

// Every field the changes take is read from the body (see field-coverage.ts).
export type SalesStageFieldsBound = NoneMissing<UnboundFields<SalesStageChanges, SalesStageInput> & string>;
