import { CalendarDate } from '../shared/calendar-date';
import { Choices, ChoiceOf } from '../shared/choices';
import { Decimal, DecimalLimits } from '../shared/decimal';
import { FieldErrors, ValidationFailed } from '../shared/errors';
import { stripUndefined } from '../shared/nested';
import { assertUniqueIdUnchanged } from '../shared/unique-id';
import { OrganisationRecord } from '../shared/organisation-record';

export const LEAD_PRIORITIES = new Choices([
  ['low', 'Low'],
  ['medium', 'Medium'],
  ['high', 'High'],
  ['critical', 'Critical'],
] as const);
export type LeadPriority = ChoiceOf<typeof LEAD_PRIORITIES>;

export const LEAD_SOURCES = new Choices([
  ['website', 'Website'],
  ['social_media', 'Social Media'],
  ['email_marketing', 'Email Marketing'],
  ['referral', 'Referral'],
  ['cold_calling', 'Cold Calling'],
  ['trade_show', 'Trade Show'],
  ['advertising', 'Advertising'],
  ['content_marketing', 'Content Marketing'],
  ['seo', 'SEO'],
  ['ppc', 'PPC'],
  ['partner', 'Partner'],
  ['other', 'Other'],
] as const);
export type LeadSource = ChoiceOf<typeof LEAD_SOURCES>;

/** The values of the list's `status` filter (Part 3): decided by the win probability alone. */
export const LEAD_OUTCOMES = new Choices([
  ['won', 'Won'],
  ['lost', 'Lost'],
  ['open', 'Open'],
] as const);
export type LeadOutcome = ChoiceOf<typeof LEAD_OUTCOMES>;

/** A lead is worth nothing or something: a negative estimate has no meaning. */
export const LEAD_ESTIMATED_VALUE = new DecimalLimits(16, 2, Decimal.of('0'));
export const LEAD_WIN_PROBABILITY = new DecimalLimits(3, 2, Decimal.of('0'), Decimal.of('100'));
export const LEAD_WEIGHTED_VALUE_PLACES = 2;
export const WON_PROBABILITY = Decimal.of('100.00');
export const LOST_PROBABILITY = Decimal.of('0.00');

/** What a member may set on a lead. */
export interface LeadDetails {
  title: string;
  description: string | null;
  qualificationNotes: string | null;
  priority: LeadPriority;
  leadSource: LeadSource;
  estimatedValue: Decimal | null;
  winProbability: Decimal | null;
  /** Internal id of the sales stage; the use case resolves the wire unique_id. */
  salesStageId: string | null;
  /** Internal id of the client. */
  clientId: string | null;
  expectedCloseDate: CalendarDate | null;
  followUpDate: Date | null;
}

export interface LeadSnapshot extends LeadDetails {
  id: string;
  uniqueId: string;
  organisationId: string;
  createdById: string;
  assignedToId: string;
  dateCreated: Date;
  lastUpdated: Date;
}

/** The sales stage a lead is created in, as resolved by the use case (a `SalesStage` fits). */
export interface StageOfNewLead {
  readonly id: string;
  readonly probability: Decimal | null;
}

export interface NewLead extends Partial<Omit<LeadDetails, 'salesStageId'>> {
  id: string;
  uniqueId: string;
  organisationId: string;
  title: string;
  leadSource: LeadSource;
  salesStage: StageOfNewLead;
  createdById: string;
  /** The member it is assigned to (internal id): its creator when none is named. */
  assignedToId?: string;
  now: Date;
}

/** `assignedToId`: the member the lead is given to (internal id, resolved by the use case from `assigned_to_id`). */
export type LeadChanges = Partial<LeadDetails> & { uniqueId?: string; assignedToId?: string };

/** A sales opportunity moving through the organisation's pipeline. */
export class Lead extends OrganisationRecord<LeadSnapshot> {
  private constructor(state: LeadSnapshot) {
    super(state);
  }

  /**
   * A lead created without a win probability takes its stage's: a stage is
   * the member's estimate for every lead in it. An explicit null is the
   * member's "no estimate" and is kept, as DRF keeps a null it is sent. Later
   * stage changes leave the probability alone, since it may have been set by hand.
   */
  static create(input: NewLead): Lead {
    const { now, id, uniqueId, organisationId, createdById, salesStage, ...details } = input;
    return new Lead(
      // Object.assign, not spreads (see Vendor.create).
      checked(
        Object.assign(
          {
            description: null,
            qualificationNotes: null,
            priority: 'medium' as const,
            estimatedValue: null,
            clientId: null,
            expectedCloseDate: null,
            followUpDate: null,
          },
          stripUndefined(details),
          {
            title: input.title,
            leadSource: input.leadSource,
            winProbability: input.winProbability === undefined ? salesStage.probability : input.winProbability,
            salesStageId: salesStage.id,
            id,
            uniqueId,
            organisationId,
            createdById,
            assignedToId: input.assignedToId ?? createdById,
            dateCreated: now,
            lastUpdated: now,
          },
        ),
      ),
    );
  }

  /** For mappers only: rebuilds a lead from storage. */
  static restore(snapshot: LeadSnapshot): Lead {
    return new Lead({ ...snapshot });
  }

  get title(): string {
    return this.state.title;
  }

  get estimatedValue(): Decimal | null {
    return this.state.estimatedValue;
  }

  get winProbability(): Decimal | null {
    return this.state.winProbability;
  }

  get salesStageId(): string | null {
    return this.state.salesStageId;
  }

  get clientId(): string | null {
    return this.state.clientId;
  }

  get createdById(): string {
    return this.state.createdById;
  }

  get assignedToId(): string {
    return this.state.assignedToId;
  }

  /** What the lead is worth at its odds: null until both value and probability are known. */
  get weightedValue(): Decimal | null {
    return weightedValue(this.state.estimatedValue, this.state.winProbability);
  }

  get outcome(): LeadOutcome {
    return leadOutcome(this.state.winProbability);
  }

  get isClosed(): boolean {
    return this.outcome !== 'open';
  }

  /** PUT and PATCH alike: what is left out keeps its value; the stage may be cleared. */
  update(changes: LeadChanges, now: Date): void {
    assertUniqueIdUnchanged(this.state.uniqueId, changes.uniqueId);
    const { uniqueId: _unchanged, ...details } = changes;
    this.state = checked({ ...this.state, ...stripUndefined(details), lastUpdated: now });
  }
}

/** `estimated_value × win_probability / 100`, to 2 places, half-up, in exact decimal arithmetic. */
export function weightedValue(estimatedValue: Decimal | null, winProbability: Decimal | null): Decimal | null {
  if (estimatedValue === null || winProbability === null) return null;
  return estimatedValue.times(winProbability).dividedByPowerOfTen(2).quantize(LEAD_WEIGHTED_VALUE_PLACES);
}

/** Won at 100, lost at 0, open otherwise, including when no probability is set. */
export function leadOutcome(winProbability: Decimal | null): LeadOutcome {
  if (winProbability === null) return 'open';
  if (winProbability.equals(WON_PROBABILITY)) return 'won';
  if (winProbability.equals(LOST_PROBABILITY)) return 'lost';
  return 'open';
}

/**
 * The lead's own rules. The estimated value must fit 16+2 digits so that it
 * round-trips through storage; the probability must lie in 0..100 for the
 * outcome to mean anything. Both are kept at their field's 2 places.
 */
function checked(state: LeadSnapshot): LeadSnapshot {
  const errors: FieldErrors = {};
  if (state.title.trim().length === 0) errors.title = ['This field may not be blank.'];
  const estimatedValue = withinLimits(errors, 'estimated_value', state.estimatedValue, LEAD_ESTIMATED_VALUE);
  const winProbability = withinLimits(errors, 'win_probability', state.winProbability, LEAD_WIN_PROBABILITY);
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return { ...state, estimatedValue, winProbability };
}

/** The value at its field's scale, or its problems recorded under the wire field. */
function withinLimits(
  errors: FieldErrors,
  field: string,
  value: Decimal | null,
  limits: DecimalLimits,
): Decimal | null {
  if (value === null) return null;
  const problems = limits.check(value);
  if (problems.length > 0) errors[field] = problems;
  return value.quantize(limits.decimalPlaces);
}
