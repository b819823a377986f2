import { Decimal, DecimalLimits } from '../shared/decimal';
import { FieldErrors, ValidationFailed } from '../shared/errors';
import { stripUndefined } from '../shared/nested';
import { assertUniqueIdUnchanged } from '../shared/unique-id';
import { OrganisationRecord } from '../shared/organisation-record';

export const SALES_STAGE_NAME_MAX_LENGTH = 200;
export const SALES_STAGE_PROBABILITY = new DecimalLimits(3, 2, Decimal.of('0'), Decimal.of('100'));

/** What a member may set on a sales stage. */
export interface SalesStageDetails {
  name: string;
  description: string | null;
  probability: Decimal;
  isActive: boolean;
  isClosedWon: boolean;
  isClosedLost: boolean;
  position: number;
}

export interface SalesStageSnapshot extends SalesStageDetails {
  id: string;
  uniqueId: string;
  organisationId: string;
  dateCreated: Date;
  lastUpdated: Date;
}

export interface NewSalesStage extends Partial<SalesStageDetails> {
  id: string;
  uniqueId: string;
  organisationId: string;
  name: string;
  now: Date;
}

export type SalesStageChanges = Partial<SalesStageDetails> & { uniqueId?: string };

/**
 * A new stage is an open, active step at the head of the pipeline with no
 * chance of winning until the member says otherwise; the use case may pass the
 * next free position instead of 0.
 */
const DEFAULTS: Omit<SalesStageDetails, 'name'> = {
  description: null,
  probability: Decimal.zero(2),
  isActive: true,
  isClosedWon: false,
  isClosedLost: false,
  position: 0,
};

/** A step of an organisation's sales pipeline, with the win probability its leads start with. */
export class SalesStage extends OrganisationRecord<SalesStageSnapshot> {
  private constructor(state: SalesStageSnapshot) {
    super(state);
  }

  static create(input: NewSalesStage): SalesStage {
    const { now, id, uniqueId, organisationId, ...details } = input;
    return new SalesStage(
      checked(Object.assign({}, DEFAULTS, stripUndefined(details), {
        name: input.name,
        id,
        uniqueId,
        organisationId,
        dateCreated: now,
        lastUpdated: now,
      })),
    );
  }

  /** For mappers only: rebuilds a stage from storage. */
  static restore(snapshot: SalesStageSnapshot): SalesStage {
    return new SalesStage({ ...snapshot });
  }

  get name(): string {
    return this.state.name;
  }

  get probability(): Decimal {
    return this.state.probability;
  }

  get position(): number {
    return this.state.position;
  }

  get isClosedWon(): boolean {
    return this.state.isClosedWon;
  }

  get isClosedLost(): boolean {
    return this.state.isClosedLost;
  }

  update(changes: SalesStageChanges, now: Date): void {
    assertUniqueIdUnchanged(this.state.uniqueId, changes.uniqueId);
    const { uniqueId: _unchanged, ...details } = changes;
    this.state = checked({ ...this.state, ...stripUndefined(details), lastUpdated: now });
  }
}

/** The stage's own rules; the probability is kept at its field's 2 places. */
function checked(state: SalesStageSnapshot): SalesStageSnapshot {
  const errors: FieldErrors = {};
  if (state.name.trim().length === 0) errors.name = ['This field may not be blank.'];
  const probabilityErrors = SALES_STAGE_PROBABILITY.check(state.probability);
  if (probabilityErrors.length > 0) errors.probability = probabilityErrors;
  if (!Number.isInteger(state.position)) errors.position = ['A valid integer is required.'];
  else if (state.position < 0) errors.position = ['Ensure this value is greater than or equal to 0.'];
  if (state.isClosedWon && state.isClosedLost) {
    errors.non_field_errors = ['A sales stage cannot be both closed-won and closed-lost.'];
  }
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return { ...state, probability: state.probability.quantize(SALES_STAGE_PROBABILITY.decimalPlaces) };
}
