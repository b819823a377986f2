import { CalendarDate } from '../shared/calendar-date';
import { Choices, ChoiceOf } from '../shared/choices';
import { isCurrencyCode } from '../shared/currency';
import { Decimal, DecimalLimits } from '../shared/decimal';
import { BusinessCategory } from '../shared/enumerations';
import { FieldErrors, ValidationFailed } from '../shared/errors';
import { mergeNested, NestedChanges, stripUndefined } from '../shared/nested';
import { emptyVendorAddress, VendorAddress } from './vendor-address';
import { emptyVendorBanking, VendorBanking } from './vendor-banking';
import { assertUniqueIdUnchanged } from '../shared/unique-id';
import { OrganisationRecord } from '../shared/organisation-record';

export const VENDOR_ENTITY_TYPES = new Choices([
  ['individual', 'Individual'],
  ['company', 'Company'],
  ['non_profit', 'Non-Profit'],
  ['government', 'Government'],
  ['partnership', 'Partnership'],
  ['other', 'Other'],
] as const);
export type VendorEntityType = ChoiceOf<typeof VENDOR_ENTITY_TYPES>;

export const VENDOR_STATUSES = new Choices([
  ['potential', 'Potential'],
  ['active', 'Active'],
  ['preferred', 'Preferred'],
  ['on_hold', 'On Hold'],
  ['inactive', 'Inactive'],
  ['blacklisted', 'Blacklisted'],
] as const);
export type VendorStatus = ChoiceOf<typeof VENDOR_STATUSES>;

export const VENDOR_CATEGORIES = new Choices([
  ['goods', 'Goods'],
  ['services', 'Services'],
  ['both', 'Goods and Services'],
  ['contractor', 'Contractor'],
  ['consultant', 'Consultant'],
  ['other', 'Other'],
] as const);
export type VendorCategory = ChoiceOf<typeof VENDOR_CATEGORIES>;

export const VENDOR_NAME_MAX_LENGTH = 300;
/** Why a vendor that expenses name is not deleted. */
export const VENDOR_IN_USE = 'This vendor is referenced by expenses and cannot be deleted; set it inactive instead.';
export const WEBSITE_MAX_LENGTH = 300;
export const COMPANY_SIZE_MAX_LENGTH = 100;
/** Revenue and a minimum order are amounts of money, never below zero. */
export const VENDOR_AMOUNT = new DecimalLimits(13, 2, Decimal.of('0'));
export const VENDOR_RATING = new DecimalLimits(1, 2, Decimal.of('0'), Decimal.of('5'));

/** What a member may set on a vendor, besides its address and bank details. */
export interface VendorDetails {
  name: string;
  description: string | null;
  entityType: VendorEntityType;
  vendorStatus: VendorStatus;
  vendorCategory: VendorCategory;
  industry: BusinessCategory | null;
  website: string | null;
  companySize: string | null;
  annualRevenue: Decimal | null;
  minimumOrderAmount: Decimal | null;
  defaultCurrency: string;
  firstContactDate: CalendarDate | null;
  lastContactDate: CalendarDate | null;
  nextFollowUpDate: CalendarDate | null;
  lastOrderDate: CalendarDate | null;
  contractStartDate: CalendarDate | null;
  contractEndDate: CalendarDate | null;
  qualityRating: Decimal | null;
  deliveryRating: Decimal | null;
}

export interface VendorSnapshot extends VendorDetails {
  id: string;
  uniqueId: string;
  organisationId: string;
  address: VendorAddress | null;
  bankingInformation: VendorBanking | null;
  createdById: string;
  assignedToId: string;
  accountOwnerId: string;
  dateCreated: Date;
  lastUpdated: Date;
}

export interface NewVendor extends Partial<VendorDetails> {
  id: string;
  uniqueId: string;
  organisationId: string;
  name: string;
  /** The organisation's default currency: the vendor's when it names none. */
  organisationCurrency: string;
  address?: NestedChanges<VendorAddress>;
  bankingInformation?: NestedChanges<VendorBanking>;
  createdById: string;
  /** The member it is assigned to (internal id): its creator when none is named. */
  assignedToId?: string;
  now: Date;
}

export type VendorChanges = Partial<VendorDetails> & {
  uniqueId?: string;
  /** The member the vendor is given to (internal id, resolved by the use case from `assigned_to_id`). */
  assignedToId?: string;
  address?: NestedChanges<VendorAddress>;
  bankingInformation?: NestedChanges<VendorBanking>;
};

/**
 * The spec names no defaults. A vendor is most often a business selling
 * goods, and one just entered has not been vetted yet: company, goods, potential.
 */
const DEFAULTS: Omit<VendorDetails, 'name' | 'defaultCurrency'> = {
  description: null,
  entityType: 'company',
  vendorStatus: 'potential',
  vendorCategory: 'goods',
  industry: null,
  website: null,
  companySize: null,
  annualRevenue: null,
  minimumOrderAmount: null,
  firstContactDate: null,
  lastContactDate: null,
  nextFollowUpDate: null,
  lastOrderDate: null,
  contractStartDate: null,
  contractEndDate: null,
  qualityRating: null,
  deliveryRating: null,
};

/** A supplier of the organisation, with its contract, ratings and follow-up dates. */
export class Vendor extends OrganisationRecord<VendorSnapshot> {
  private constructor(state: VendorSnapshot) {
    super(state);
  }

  static create(input: NewVendor): Vendor {
    const { now, id, uniqueId, organisationId, createdById, organisationCurrency, ...rest } = input;
    const { address, bankingInformation, ...details } = rest;
    return new Vendor(
      // Object.assign, not spreads: cheaper on V8 (see docs/performance.md).
      checked(Object.assign({}, DEFAULTS, stripUndefined(details), {
        name: input.name,
        defaultCurrency: input.defaultCurrency ?? organisationCurrency,
        address: mergeNested(null, address, emptyVendorAddress),
        bankingInformation: mergeNested(null, bankingInformation, emptyVendorBanking),
        id,
        uniqueId,
        organisationId,
        createdById,
        assignedToId: input.assignedToId ?? createdById,
        accountOwnerId: createdById,
        dateCreated: now,
        lastUpdated: now,
      })),
    );
  }

  /** For mappers only: rebuilds a vendor from storage. */
  static restore(snapshot: VendorSnapshot): Vendor {
    return new Vendor({ ...snapshot });
  }

  get name(): string {
    return this.state.name;
  }

  /**
   * Whole days since the last contact, or null without one. A date in the
   * future gives a negative count: we show what was entered rather than hide it.
   */
  daysSinceLastContact(today: CalendarDate): number | null {
    return daysSince(this.state.lastContactDate, today);
  }

  /** Whole days since the last order, or null; negative for a date in the future, as above. */
  daysSinceLastOrder(today: CalendarDate): number | null {
    return daysSince(this.state.lastOrderDate, today);
  }

  /** A follow-up due today is not overdue yet. */
  isFollowUpOverdue(today: CalendarDate): boolean {
    const due = this.state.nextFollowUpDate;
    return due !== null && due.isBefore(today);
  }

  /** Active from its start date through its end date, both included; open-ended without an end. */
  isContractActive(today: CalendarDate): boolean {
    const { contractStartDate: start, contractEndDate: end } = this.state;
    return start !== null && !start.isAfter(today) && (end === null || !today.isAfter(end));
  }

  /** PUT and PATCH alike: what is left out keeps its value; address and bank details merge field by field. */
  update(changes: VendorChanges, now: Date): void {
    assertUniqueIdUnchanged(this.state.uniqueId, changes.uniqueId);
    const { uniqueId: _unchanged, address, bankingInformation, ...details } = changes;
    this.state = checked({
      ...this.state,
      ...stripUndefined(details),
      address: mergeNested(this.state.address, address, emptyVendorAddress),
      bankingInformation: mergeNested(this.state.bankingInformation, bankingInformation, emptyVendorBanking),
      lastUpdated: now,
    });
  }
}

function daysSince(date: CalendarDate | null, today: CalendarDate): number | null {
  return date === null ? null : date.daysUntil(today);
}

/** The vendor's own rules; amounts and ratings are kept at their field's 2 places. */
function checked(state: VendorSnapshot): VendorSnapshot {
  const errors: FieldErrors = {};
  if (state.name.trim().length === 0) errors.name = ['This field may not be blank.'];
  if (!isCurrencyCode(state.defaultCurrency)) {
    errors.default_currency = [`"${state.defaultCurrency}" is not a valid choice.`];
  }
  const annualRevenue = withinLimits(errors, 'annual_revenue', state.annualRevenue, VENDOR_AMOUNT);
  const minimumOrderAmount = withinLimits(errors, 'minimum_order_amount', state.minimumOrderAmount, VENDOR_AMOUNT);
  const qualityRating = withinLimits(errors, 'quality_rating', state.qualityRating, VENDOR_RATING);
  const deliveryRating = withinLimits(errors, 'delivery_rating', state.deliveryRating, VENDOR_RATING);
  const { contractStartDate: start, contractEndDate: end } = state;
  if (start !== null && end !== null && end.isBefore(start)) {
    errors.contract_end_date = ['Contract end date cannot be before the contract start date.'];
  }
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return { ...state, annualRevenue, minimumOrderAmount, qualityRating, deliveryRating };
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
